/**
 * The local provider's CPU limit on a real server: the server moved into a cgroup of its own for a
 * quota and back to where it started for none, the quota read back as set, enforced (the kernel
 * throttles the server's cgroup while a CPU-bound query runs under a small quota), and the cgroup gone after stop. Needs root
 * (cgroups); skipped, saying so, otherwise.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/providers/start-server.js';
import { describeQuotaRuns, quotaRuns } from './cpu-quota-checks.js';
import { uniqueSuite } from './server-queries.js';

const notRoot = process.getuid?.() !== 0;
if (notRoot) console.warn('local CPU limit tests skipped: cgroups need root');

for (const engine of ['postgres', 'mysql'] as const) {
  describe.skipIf(notRoot)(`local provider with limitCpus (${engine})`, () => {
    it('puts the server in its own cgroup, enforces the quota it reads back, and removes the cgroup', async () => {
      const server = await startServer(engine, {
        provider: 'local',
        suite: uniqueSuite('cpus'),
        limitCpus: true,
      });
      const limit = server.cpuLimit;
      const pid = server.process?.serverPid;
      let cgroupPath = '';
      try {
        if (limit === undefined || 'unavailable' in limit) {
          throw new Error(`no CPU limit: ${limit?.unavailable ?? 'undefined'}`);
        }
        const half = await limit.apply(0.5);
        expect(half).toMatchObject({ cpus: 0.5, quotaUs: 50_000, periodUs: 100_000 });
        expect(half.source).toMatch(
          /^cgroup v[12] \/.+\/dbbench\/mysql-|^cgroup v[12] \/.+\/dbbench\/postgres-/,
        );
        cgroupPath = half.source.replace(/^cgroup v[12] /, '');
        // The server process itself is in that cgroup (its /proc entry names it).
        const membership = await readFile(`/proc/${pid}/cgroup`, 'utf8');
        expect(membership).toContain(cgroupPath.replace(/^.*?(\/dbbench\/)/, '$1'));
        // No quota: the server back in the cgroup it started in, not an unlimited cgroup of dbbench's.
        expect(await limit.apply(undefined)).toMatchObject({ cpus: null, quotaUs: null });
        expect(await readFile(`/proc/${pid}/cgroup`, 'utf8')).not.toContain('/dbbench/');

        const runs = await quotaRuns(limit, server.connection);
        console.log(`${engine} local: CPU-bound query ${describeQuotaRuns(runs)}`);
        // Enforced: at 0.1 CPU the kernel held the server back in period after period of the query
        // (about 20 periods of 10 ms of work at one full core).
        for (const run of runs.atLow) expect(run.throttledPeriods).toBeGreaterThanOrEqual(3);
      } finally {
        await server.stop();
      }
      expect(cgroupPath).not.toBe('');
      expect(existsSync(cgroupPath)).toBe(false);
    }, 120_000);
  });
}
