/**
 * Fault: the runner is SIGKILLed mid-measurement (no exit handler runs). Within 10 s nothing of the
 * run may be left: for the url provider, no work database on the user's server; for the local
 * provider, no server process and no temp directory. The watchdogs do it; each case prints the time.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_URLS, workDatabaseExists, type ServiceEngine } from './service-queries.js';
import { probeSuite, processesMentioning, startDbbench, timeUntil } from './dbbench-process.js';

// A loaded 2-core machine (CI runs the packages' tests side by side) can take minutes to start servers and forks.
const FAULT_TEST_TIMEOUT_MS = 180_000;

const CLEAN_UP_BOUND_MS = 10_000;
// Long enough that the run is still measuring when it is killed, on a loaded machine too.
const LONG_RUN = ['-i', '30', '--time', '1s', '--warmup-iterations', '0'];
const survived: string[] = [];

afterAll(() => {
  console.log(`runner SIGKILL faults survived: ${survived.length} (${survived.join('; ')})`);
});

for (const engine of ['postgres', 'mysql'] as const satisfies readonly ServiceEngine[]) {
  describe(`SIGKILL of the runner (${engine})`, () => {
    const reportPath = (provider: string): string =>
      `/tmp/dbbench-fault-${provider}-${engine}-${process.pid}.json`;
    it(
      'url provider: the work database is dropped within 10 s',
      { timeout: FAULT_TEST_TIMEOUT_MS },
      async () => {
        const run = startDbbench([
          'run',
          probeSuite(engine),
          '--provider',
          'url',
          '--url',
          SERVICE_URLS[engine],
          ...LONG_RUN,
          '--out',
          reportPath('url'),
        ]);
        const database = await run.waitFor(/url: created database (dbbench_\w+)/);
        // Killed while a fork holds sessions in the database, the hardest case for the drop.
        await run.waitFor(/Iteration\s+1:/);
        run.child.kill('SIGKILL');
        await run.exited;
        const exists = (): Promise<boolean> => workDatabaseExists(engine, database);
        expect(await exists()).toBe(true);
        const tookMs = await timeUntil(async () => !(await exists()), CLEAN_UP_BOUND_MS);
        expect(tookMs, `${database} still exists ${CLEAN_UP_BOUND_MS} ms after the SIGKILL`).toBeDefined();
        await rm(reportPath('url'), { force: true });
        survived.push(`url ${engine}: work database dropped in ${tookMs} ms`);
        console.log(
          `SIGKILL of the runner (url, ${engine}): ${database} dropped ${tookMs} ms after the kill`,
        );
      },
    );

    it(
      'local provider: the server process and its temp directory are gone within 10 s',
      { timeout: FAULT_TEST_TIMEOUT_MS },
      async () => {
        const run = startDbbench([
          'run',
          probeSuite(engine),
          '--provider',
          'local',
          ...LONG_RUN,
          '--out',
          reportPath('local'),
        ]);
        const directory = await run.waitFor(/local: .* data in (\S+)/);
        await run.waitFor(/Iteration\s+1:/);
        expect(processesMentioning(directory).length).toBeGreaterThan(0);
        run.child.kill('SIGKILL');
        await run.exited;
        const tookMs = await timeUntil(
          () => !existsSync(directory) && processesMentioning(directory).length === 0,
          CLEAN_UP_BOUND_MS,
        );
        expect(tookMs, `${directory} or its server still there after ${CLEAN_UP_BOUND_MS} ms`).toBeDefined();
        await rm(reportPath('local'), { force: true });
        survived.push(`local ${engine}: server and directory gone in ${tookMs} ms`);
        console.log(
          `SIGKILL of the runner (local, ${engine}): server stopped, ${directory} removed ${tookMs} ms after the kill`,
        );
      },
    );
  });
}
