/**
 * `dbbench clean --url` against the real services: of the `dbbench_*` databases on a server it drops
 * only those whose name records a run on this host that is gone — what a run killed together with
 * its watchdog leaves — and keeps a live run's, another host's, a name without a run, and a
 * `dbbench_` database dbbench did not generate. `--dry-run` drops nothing.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startDbbench } from './dbbench-process.js';
import {
  createDatabase,
  dbbenchDatabases,
  dropDatabase,
  SERVICE_URLS,
  type ServiceEngine,
} from './service-queries.js';

// A loaded 2-core machine (CI runs the packages' tests side by side) can take minutes to start servers and forks.
const FAULT_TEST_TIMEOUT_MS = 180_000;

/** A PID that belonged to a process which has exited (a run that is gone). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const thisHost = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
const otherHost = thisHost === 'abcdef' ? '123456' : 'abcdef';
const tag = (process.pid % 100_000).toString();
let cases = 0;

afterAll(() => {
  console.log(`dbbench clean cases checked: ${cases}`);
});

for (const engine of ['postgres', 'mysql'] as const satisfies readonly ServiceEngine[]) {
  describe(`dbbench clean (${engine})`, () => {
    const names = {
      orphaned: `dbbench_cleantest${tag}_h${thisHost}p${deadPid()}_0000aaaa`,
      live: `dbbench_cleantest${tag}_h${thisHost}p${process.pid}_0000bbbb`,
      elsewhere: `dbbench_cleantest${tag}_h${otherHost}p${deadPid()}_0000cccc`,
      unowned: `dbbench_cleantest${tag}_0000dddd`,
      foreign: `dbbench_cleantest${tag}_keep_me`,
    };

    afterAll(async () => {
      for (const name of Object.values(names)) await dropDatabase(engine, name).catch(() => undefined);
    });

    it(
      '--dry-run lists the stale one and drops nothing; then only the stale one is dropped',
      { timeout: FAULT_TEST_TIMEOUT_MS },
      async () => {
        for (const name of Object.values(names)) await createDatabase(engine, name);
        const ours = async (): Promise<string[]> =>
          (await dbbenchDatabases(engine)).filter((name) => name.includes(`cleantest${tag}_`)).sort();
        const before = await ours();
        expect(before).toEqual(Object.values(names).sort());

        const dryRun = startDbbench(['clean', '--url', SERVICE_URLS[engine], '--dry-run']);
        expect((await dryRun.exited).code).toBe(0);
        expect(dryRun.output()).toContain(`stale   ${names.orphaned} (its run is gone`);
        expect(dryRun.output()).toContain(
          `kept    ${names.live} (its run is still running, pid ${process.pid})`,
        );
        expect(dryRun.output()).toContain(`kept    ${names.elsewhere} (of a run on another host`);
        expect(dryRun.output()).toContain(`kept    ${names.unowned} (its name records no run)`);
        // Not a name dbbench generates: not even listed.
        expect(dryRun.output()).not.toContain(names.foreign);
        expect(await ours()).toEqual(before);

        const clean = startDbbench(['clean', '--url', SERVICE_URLS[engine]]);
        expect((await clean.exited).code).toBe(0);
        expect(clean.output()).toContain(`dropped ${names.orphaned}`);
        expect(clean.output()).toMatch(/dropped \d+ of \d+ dbbench work databases on the \w+ server at/);
        expect(await ours()).toEqual(before.filter((name) => name !== names.orphaned));
        cases += 5;
      },
    );

    it(
      'refuses a URL of no known engine as a usage error, in one line',
      { timeout: FAULT_TEST_TIMEOUT_MS },
      async () => {
        const run = startDbbench(['clean', '--url', 'redis://127.0.0.1/']);
        expect((await run.exited).code).toBe(2);
        expect(run.output().trimEnd().split('\n')).toHaveLength(1);
        cases += 1;
      },
    );
  });
}
