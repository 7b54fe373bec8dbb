import { describe, expect, it } from 'vitest';
import { encodeLine } from '../source-data/tab-separated-text.js';
import { generateSourceRows } from '../source-data/source-rows.js';
import { targetRowsText } from './target-rows-text.js';
import { transformRow, type SourceRowInput } from './transform-row.js';
import { sourceTextOf, transformSourceText } from './transform-text.js';

const SOURCE_COLUMNS = ['id', 'name', 'amount', 'category'] as const;

/** Source rows as the text a bulk reader hands over. */
function sourceText(rows: readonly SourceRowInput[]): string {
  return rows.map((row) => encodeLine(row, [...SOURCE_COLUMNS])).join('');
}

/** What the row-object path writes for the same rows. */
function rowPathText(rows: readonly SourceRowInput[]): string {
  return Buffer.concat([...targetRowsText(rows.map(transformRow))]).toString('utf8');
}

describe('sourceTextOf', () => {
  it('counts lines and reads the last key', () => {
    expect(sourceTextOf('3\ta\t1.00\tb\n17\tc\t2.00\td\n')).toEqual({
      text: '3\ta\t1.00\tb\n17\tc\t2.00\td\n',
      rowCount: 2,
      lastId: 17,
    });
    expect(sourceTextOf('')).toEqual({ text: '', rowCount: 0, lastId: undefined });
  });

  it('refuses a page cut mid-line or without a key', () => {
    expect(() => sourceTextOf('3\ta\t1.00\tb')).toThrow(/newline/);
    expect(() => sourceTextOf('x\ta\t1.00\tb\n')).toThrow(/integer key/);
  });
});

describe('transformSourceText', () => {
  it('writes exactly the bytes of transformRow + targetRowsText for generated rows', () => {
    const rows = [...generateSourceRows(3000)].map(({ id, name, amount, category }) => ({
      id,
      name,
      amount,
      category,
    }));
    const target = transformSourceText(sourceTextOf(sourceText(rows)));
    expect(target.rowCount).toBe(3000);
    expect(target.text).toBe(rowPathText(rows));
  });

  it('decodes escapes before upper-casing and encodes them again, like the row path', () => {
    const rows: SourceRowInput[] = [
      { id: '1', name: 'tab\there', amount: '0.29', category: 'a\\b' },
      { id: '2', name: 'back\\slash\nline\rcr', amount: '500.00', category: '\tgarden' },
      { id: '3', name: 'straße', amount: '-0.07', category: 'élan' },
      { id: '4', name: 'bell\bform\ffeed', amount: '12', category: 'x' },
    ];
    const text = transformSourceText(sourceTextOf(sourceText(rows))).text;
    expect(text).toBe(rowPathText(rows));
    expect(text.split('\n')[0]).toBe('1\tTAB\\tHERE\t29\t6\tA\\\\B\t0');
  });

  it('reads the escapes PostgreSQL COPY TO writes for control characters', () => {
    // COPY TO writes \b, \f and \v for those characters; the row path decodes them to the characters.
    const copyText = '5\tbell\\bform\\ffeed\\v\t1.00\tab\\vc\n';
    const rows: SourceRowInput[] = [
      { id: '5', name: 'bell\bform\ffeed\v', amount: '1.00', category: 'ab\vc' },
    ];
    expect(transformSourceText(sourceTextOf(copyText)).text).toBe(rowPathText(rows));
  });

  it('refuses a line without four fields', () => {
    expect(() => transformSourceText({ text: '1\tname\t1.00\n', rowCount: 1, lastId: 1 })).toThrow(
      /four fields/,
    );
  });
});
