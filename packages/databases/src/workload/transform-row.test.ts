import { describe, expect, it } from 'vitest';
import { parseCents } from '../source-data/cents.js';
import { generateSourceRows } from '../source-data/source-rows.js';
import { TARGET_COLUMNS, transformRow } from './transform-row.js';

describe('parseCents', () => {
  it('parses decimal strings exactly, where floats drift', () => {
    expect(parseCents('1234.56')).toBe(123456);
    expect(parseCents('0.29')).toBe(29); // 0.29 * 100 === 28.999999999999996 in floating point
    expect(parseCents('1.1')).toBe(110);
    expect(parseCents('7')).toBe(700);
    expect(parseCents('-0.07')).toBe(-7);
    expect(parseCents('9999999999.99')).toBe(999999999999);
  });

  it('rejects what is not a two-place decimal', () => {
    expect(() => parseCents('1.234')).toThrow(/at most 2 places/);
    expect(() => parseCents('1e3')).toThrow();
  });
});

describe('transformRow', () => {
  it('derives every target column', () => {
    expect(transformRow({ id: '7', name: 'Kalo customer 7', amount: '512.30', category: 'garden' })).toEqual({
      source_id: 7,
      name_upper: 'KALO CUSTOMER 7',
      amount_cents: 51230,
      tax_cents: 10758,
      category_code: 'GAR',
      is_large: 1,
    });
    const small = transformRow({ id: 8n, name: 'x', amount: '499.99', category: 'to' });
    expect(small).toMatchObject({
      source_id: 8,
      amount_cents: 49999,
      tax_cents: 10499,
      category_code: 'TO',
      is_large: 0,
    });
    expect(transformRow({ id: 9, name: 'y', amount: '500.00', category: 'books' }).is_large).toBe(1);
  });

  it('lists every column in TARGET_COLUMNS', () => {
    expect(Object.keys(transformRow({ id: 1, name: 'a', amount: '1.00', category: 'abc' })).sort()).toEqual(
      [...TARGET_COLUMNS].sort(),
    );
  });
});

describe('generateSourceRows', () => {
  it('is deterministic per seed, with ids 1..count', () => {
    const first = [...generateSourceRows(500)];
    expect(first.map((row) => row.id)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect([...generateSourceRows(500)]).toEqual(first);
    expect([...generateSourceRows(500, 7)]).not.toEqual(first);
  });

  it('makes ASCII names, 2-decimal amounts on both sides of 500.00, several categories, whole seconds', () => {
    const rows = [...generateSourceRows(2000)];
    for (const row of rows) {
      expect(row.name).toMatch(/^[A-Za-z0-9 ]{1,64}$/);
      expect(row.amount).toMatch(/^\d{1,10}\.\d{2}$/);
      expect(row.created_at.getTime() % 1000).toBe(0);
    }
    const large = rows.filter((row) => transformRow(row).is_large === 1).length;
    expect(large).toBeGreaterThan(600);
    expect(large).toBeLessThan(1400);
    expect(new Set(rows.map((row) => row.category)).size).toBeGreaterThanOrEqual(5);
  });
});
