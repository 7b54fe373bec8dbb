import { describe, expect, it } from 'vitest';
import { decimalToCents } from './source-checksum.js';

describe('decimalToCents', () => {
  it('converts decimal text to cents exactly', () => {
    expect(decimalToCents('123.45')).toBe(12345n);
    expect(decimalToCents('123.4')).toBe(12340n);
    expect(decimalToCents('7')).toBe(700n);
    expect(decimalToCents('-0.05')).toBe(-5n);
    expect(decimalToCents('90071992547409.93')).toBe(9007199254740993n);
  });
});
