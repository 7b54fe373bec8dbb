import { describe, expect, it } from 'vitest';
import { rowsPerSecondProfiler } from './rows-per-second-profiler.js';
import { counterDeltas } from './server-counters-profiler.js';

describe('rowsPerSecondProfiler', () => {
  it('is rows per invocation × invocations ÷ measured seconds', async () => {
    const profiler = rowsPerSecondProfiler(() => 1000);
    expect(await profiler.afterIteration({ invocations: 4, measuredNs: 2e9, warmup: false })).toEqual([
      { name: 'rows/s', value: 2000, unit: 'rows/s', higherIsBetter: true },
    ]);
  });

  it('reports nothing, not an infinite rate, when nothing was measured', async () => {
    const profiler = rowsPerSecondProfiler(() => 10);
    expect(await profiler.afterIteration({ invocations: 0, measuredNs: 0, warmup: true })).toEqual([]);
  });
});

describe('counterDeltas', () => {
  it('reports after − before for counters present in both readings, bytes in B', () => {
    expect(
      counterDeltas(
        { xact_commit: 10, wal_bytes: 100, gone: 1 },
        { xact_commit: 15, wal_bytes: 400, new: 3 },
      ),
    ).toEqual([
      { name: 'server.wal_bytes', value: 300, unit: 'B' },
      { name: 'server.xact_commit', value: 5, unit: 'count' },
    ]);
  });
});
