/**
 * The testcontainers provider's CPU limit on a real container engine: the running container's quota
 * changed between forks, read back from inside the container as set, enforced (the kernel throttles
 * the container's cgroup while a CPU-bound query runs under a small quota), and lifted. Skipped, saying why, when no engine answers
 * (unless DBBENCH_CONTAINER_TESTS=required).
 */
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../src/engines/registry.js';
import { startServer } from '../../src/providers/start-server.js';
import { containerImage } from '../../src/providers/testcontainers/container-image.js';
import { describeQuotaRuns, quotaRuns } from '../providers/cpu-quota-checks.js';
import { uniqueSuite } from '../providers/server-queries.js';
import { containerEngineMissing } from './container-checks.js';

const skipReason = await containerEngineMissing();
if (skipReason !== undefined) console.warn(`container CPU limit tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('testcontainers provider with limitCpus', () => {
  for (const engine of Object.values(ENGINES)) {
    it(`changes ${containerImage(engine.container, undefined)}'s quota per fork and the server feels it`, async () => {
      const server = await startServer(engine.name, {
        provider: 'testcontainers',
        suite: uniqueSuite('cpus'),
        limitCpus: true,
      });
      try {
        const limit = server.cpuLimit;
        if (limit === undefined || 'unavailable' in limit) {
          throw new Error(`no CPU limit: ${limit?.unavailable ?? 'undefined'}`);
        }
        const id = server.container?.containerId.slice(0, 12) ?? '?';
        // Read back inside the container, from its own cgroup files.
        expect(await limit.apply(1.5)).toMatchObject({ cpus: 1.5, quotaUs: 150_000, periodUs: 100_000 });
        const half = await limit.apply(0.5);
        expect(half).toMatchObject({ cpus: 0.5, quotaUs: 50_000 });
        expect(half.source).toMatch(new RegExp(`^container ${id} cgroup v[12]$`));
        expect(await limit.apply(undefined)).toMatchObject({ cpus: null, quotaUs: null });

        const runs = await quotaRuns(limit, server.connection);
        console.log(`${engine.name} container: CPU-bound query ${describeQuotaRuns(runs)}`);
        // Enforced: at 0.1 CPU the kernel held the server back in period after period of the query
        // (about 20 periods of 10 ms of work at one full core).
        for (const run of runs.atLow) expect(run.throttledPeriods).toBeGreaterThanOrEqual(3);
      } finally {
        await server.stop();
      }
    }, 240_000);
  }
});
