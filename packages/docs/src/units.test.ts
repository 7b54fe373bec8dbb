import { describe, expect, it } from 'vitest';
import { byteDisplayUnit, displayUnitName, parseByteSize, timeDisplayUnit, unitKind } from './units.js';

describe('units', () => {
  it('reads what a unit measures', () => {
    expect(unitKind('us/op')).toEqual({ kind: 'time', seconds: 1e-6, perOp: true });
    expect(unitKind('ms')).toEqual({ kind: 'time', seconds: 1e-3, perOp: false });
    expect(unitKind('B/op')).toEqual({ kind: 'bytes', bytes: 1, perOp: true });
    expect(unitKind('rows/s')).toEqual({ kind: 'perTime', seconds: 1, what: 'rows' });
    expect(unitKind('counts').kind).toBe('count');
    expect(unitKind('%').kind).toBe('other');
  });

  it('picks the unit in which the typical value reads between 1 and 1000', () => {
    expect(timeDisplayUnit([0.000104, 0.00009, 0.0024]).unit).toBe('µs');
    expect(timeDisplayUnit([1.05, 0.9, 2]).unit).toBe('s');
    expect(timeDisplayUnit([]).unit).toBe('ns');
    expect(byteDisplayUnit([900 * 1024, 2 * 1024 ** 2]).unit).toBe('KiB');
  });

  it('writes µs, and reads memory sizes as servers print them', () => {
    expect(displayUnitName('us/op')).toBe('µs/op');
    expect(displayUnitName('ops/us')).toBe('ops/µs');
    expect(parseByteSize('128MB')).toBe(128 * 1024 ** 2);
    expect(parseByteSize('16 kB')).toBe(16 * 1024);
    expect(parseByteSize('on')).toBeUndefined();
  });
});
