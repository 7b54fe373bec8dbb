import { describe, expect, it } from 'vitest';
import { maxRowsPerStatement } from './insert-target-rows.js';
import { TARGET_COLUMNS } from './transform-row.js';

describe('maxRowsPerStatement', () => {
  it('keeps every INSERT within 65535 bind parameters', () => {
    expect(maxRowsPerStatement(TARGET_COLUMNS.length)).toBe(10922);
    expect(maxRowsPerStatement(5)).toBe(13107);
    expect(maxRowsPerStatement(1)).toBe(65535);
    for (const columns of [1, 2, 3, 6, 7, 13, 100]) {
      const rows = maxRowsPerStatement(columns);
      expect(rows * columns).toBeLessThanOrEqual(65535);
      expect((rows + 1) * columns).toBeGreaterThan(65535);
    }
  });

  it('rejects a row without columns', () => {
    expect(() => maxRowsPerStatement(0)).toThrow(/at least one column/);
  });
});
