import { describe, expect, it } from 'vitest';
import { tabSeparatedText } from '../source-data/tab-separated-text.js';
import { targetRowsText } from './target-rows-text.js';
import { TARGET_COLUMNS, type TargetRow } from './transform-row.js';

function row(sourceId: number, name: string): TargetRow {
  return {
    source_id: sourceId,
    name_upper: name,
    amount_cents: sourceId * 101,
    tax_cents: sourceId * 21,
    category_code: 'G\tR',
    is_large: (sourceId % 2) as 0 | 1,
  };
}

describe('targetRowsText', () => {
  it('writes the same bytes as the generic encoder, escapes included', () => {
    const rows = Array.from({ length: 2500 }, (_, index) =>
      row(index + 1, index % 7 === 0 ? `NAME\\${index}\n\r` : `CUSTOMER ${index}`),
    );
    const fast = Buffer.concat([...targetRowsText(rows)]);
    const generic = Buffer.concat([...tabSeparatedText(rows, TARGET_COLUMNS)]);
    expect(fast.equals(generic)).toBe(true);
    expect([...targetRowsText(rows)]).toHaveLength(3);
  });
});
