import { describe, expect, it } from 'vitest';
import { escapeTabField, tabSeparatedBuffers } from './tab-separated-rows.js';
import { mysqlLoadDataLine } from './mysql-bulk-load.js';
import { postgresCopyLine } from './postgres-bulk-load.js';

describe('escapeTabField', () => {
  it('escapes the characters that would split fields or rows', () => {
    expect(escapeTabField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(escapeTabField('plain')).toBe('plain');
  });
});

describe('tabSeparatedBuffers', () => {
  it('yields Buffers of whole lines, the last one short', () => {
    const buffers = [...tabSeparatedBuffers([1, 2, 3, 4, 5], (n) => `${n}\tx`, 2)];
    expect(buffers.every((buffer) => Buffer.isBuffer(buffer))).toBe(true);
    expect(buffers.map((buffer) => buffer.toString('utf8'))).toEqual([
      '1\tx\n2\tx\n',
      '3\tx\n4\tx\n',
      '5\tx\n',
    ]);
  });

  it('yields nothing for no rows', () => {
    expect([...tabSeparatedBuffers([], String)]).toEqual([]);
  });
});

describe('engine line formats', () => {
  const row = {
    id: 7,
    name: 'tab\there',
    amount: '12.30',
    category: 'c',
    created_at: new Date('2024-02-03T04:05:06Z'),
  };

  it('PostgreSQL COPY lines carry an ISO timestamp in UTC', () => {
    expect(postgresCopyLine(row)).toBe('7\ttab\\there\t12.30\tc\t2024-02-03T04:05:06.000Z');
  });

  it('MySQL LOAD DATA lines carry a DATETIME literal', () => {
    expect(mysqlLoadDataLine(row)).toBe('7\ttab\\there\t12.30\tc\t2024-02-03 04:05:06');
  });
});
