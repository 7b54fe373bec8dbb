import { describe, expect, it } from 'vitest';
import { decimalToCents, sourceChecksumOf } from './source-checksum.js';

describe('decimalToCents', () => {
  it.each([
    ['12.34', 1234n],
    ['-12.5', -1250n],
    ['7', 700n],
    ['0.07', 7n],
    ['123456789.99', 12345678999n],
    ['1.239', 123n],
  ])('%s → %s cents', (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it('rejects text that is not a decimal', () => {
    expect(() => decimalToCents('12,34')).toThrow('not a decimal amount');
  });
});

describe('sourceChecksumOf', () => {
  it('sums keys and amounts exactly', () => {
    const createdAt = new Date('2024-01-01T00:00:00Z');
    const rows = [
      { id: 1, name: 'a', amount: '0.10', category: 'x', created_at: createdAt },
      { id: 2, name: 'b', amount: '0.20', category: 'y', created_at: createdAt },
    ];
    expect(sourceChecksumOf(rows)).toEqual({ rows: 2, idSum: 3n, amountCentsSum: 30n });
  });
});
