/**
 * Fault: the database server dies mid-measurement (SIGKILL of the server process, as the OOM killer
 * would). The run must end by itself — the fork's failure recorded, one error line, exit 1, its temp
 * directory removed — not wait for the 10-minute fork timeout. Each case prints how long it took.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { probeSuite, processesMentioning, startDbbench } from './dbbench-process.js';

// A loaded 2-core machine (CI runs the packages' tests side by side) can take minutes to start servers and forks.
const FAULT_TEST_TIMEOUT_MS = 180_000;

// Generous for a loaded machine, and far below the fork timeout (600 s) a hang would run into.
const END_BOUND_MS = 45_000;
const survived: string[] = [];

afterAll(() => {
  console.log(`server-killed faults survived: ${survived.length} (${survived.join('; ')})`);
});

/** The server process itself: the one started with the data directory on its command line, not its children. */
function serverPid(directory: string): number | undefined {
  return processesMentioning(directory).find((pid) => {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return /(postgres|mariadbd|mysqld)$/.test(cmdline[0] ?? '');
  });
}

for (const engine of ['postgres', 'mysql'] as const) {
  describe(`the ${engine} server killed mid-run`, () => {
    it(
      'fails the run cleanly and promptly, with the failure in the report',
      { timeout: FAULT_TEST_TIMEOUT_MS },
      async () => {
        const out = `/tmp/dbbench-fault-server-${engine}-${process.pid}.json`;
        const run = startDbbench([
          'run',
          probeSuite(engine),
          '--provider',
          'local',
          '-i',
          '30',
          '--time',
          '1s',
          '--warmup-iterations',
          '0',
          '--out',
          out,
        ]);
        const directory = await run.waitFor(/local: .* data in (\S+)/);
        await run.waitFor(/Iteration\s+1:/);
        const pid = serverPid(directory);
        expect(pid, `no server process for ${directory}`).toBeDefined();
        process.kill(pid ?? 0, 'SIGKILL');
        const killedAt = Date.now();
        const { code } = await Promise.race([
          run.exited,
          new Promise<never>((_, reject) =>
            setTimeout(
              () =>
                reject(new Error(`still running ${END_BOUND_MS} ms after the server died:\n${run.output()}`)),
              END_BOUND_MS,
            ),
          ),
        ]);
        const tookMs = Date.now() - killedAt;
        expect(code).toBe(1);
        expect(run.output()).toMatch(/dbbench: 1 of 1 combinations failed; see the failures in /);
        expect(run.output()).not.toMatch(/unexpected error|\n\s+at /);
        const report = JSON.parse(await readFile(out, 'utf8')) as {
          dbbench: { status: string; failures: unknown[] };
        }[];
        expect(report[0]?.dbbench.status).toBe('failed');
        expect(report[0]?.dbbench.failures.length).toBeGreaterThan(0);
        expect(existsSync(directory)).toBe(false);
        await rm(out, { force: true });
        survived.push(`${engine}: run ended ${tookMs} ms after the kill`);
        console.log(`server killed mid-run (${engine}): the run failed cleanly ${tookMs} ms after the kill`);
      },
    );
  });
}
