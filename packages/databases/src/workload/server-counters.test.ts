import { describe, expect, it } from 'vitest';
import { serverCounterUnit, subtractCounters } from './server-counters.js';

describe('subtractCounters', () => {
  it('is after − before for counters present in both readings, in name order', () => {
    const deltas = subtractCounters(
      { xact_commit: 10, wal_bytes: 100, gone: 1 },
      { xact_commit: 15, wal_bytes: 400, new: 3 },
    );
    expect(deltas).toEqual({ wal_bytes: 300, xact_commit: 5 });
    expect(Object.keys(deltas)).toEqual(['wal_bytes', 'xact_commit']);
  });

  it('is empty when nothing was read before', () => {
    expect(subtractCounters({}, { Com_insert: 4 })).toEqual({});
  });
});

describe('serverCounterUnit', () => {
  it('reports byte counters in bytes and everything else as counts', () => {
    expect(serverCounterUnit('wal_bytes')).toBe('B');
    expect(serverCounterUnit('Bytes_received')).toBe('B');
    expect(serverCounterUnit('xact_commit')).toBe('count');
    expect(serverCounterUnit('Innodb_data_writes')).toBe('count');
  });
});
