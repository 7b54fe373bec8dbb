import { describe, expect, it } from 'vitest';
import { parseCents, parseCentsAt } from './cents.js';

describe('parseCentsAt', () => {
  it('agrees with parseCents on every shape, read in place', () => {
    const amounts = [
      '0.00',
      '0.29',
      '512.30',
      '499.99',
      '500.00',
      '7',
      '007.50',
      '9999999999.99',
      '123456789012345',
      '1234567890123456.78',
      '-0.07',
      '1.1',
      '12.3400',
      ' 5.00',
    ];
    for (const amount of amounts) {
      const text = `x\t${amount}\ty`;
      expect(parseCentsAt(text, 2, 2 + amount.length), amount).toBe(parseCents(amount));
    }
  });

  it('refuses what parseCents refuses', () => {
    for (const amount of ['', '.50', '1.234', '1e3', '12a.00', '1.2x']) {
      const text = `[${amount}]`;
      expect(() => parseCentsAt(text, 1, 1 + amount.length), amount).toThrow(/at most 2 places/);
    }
  });
});
