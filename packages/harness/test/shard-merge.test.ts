/**
 * `dbbench run --shard k/n` and `dbbench merge`, through the real executable: shards of the quick
 * profile merge into the combinations of one quick run, and merges that would mix commits or leave
 * combinations out are refused with one line.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport, resultKey } from '../src/report/report-io.js';
import type { DbbenchReport } from '../src/report/report-schema.js';
import { runDbbench, SYNTHETIC_SUITE, type DbbenchProcess } from './run-dbbench.js';

/** Four quick combinations: busy and sleep at workMs=2, isolation at label a and b. */
const SELECTION = ['-b', '^(busy|sleep|isolation)$'];

function quickReportPath(run: DbbenchProcess): string {
  const path = /the report goes to (\S+) \(not /.exec(run.stdout)?.[1];
  if (run.code !== 0 || path === undefined) {
    throw new Error(`run failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  return path;
}

function keys(report: DbbenchReport): string[] {
  return report.map((result) => resultKey(result)).sort();
}

function expectOneLineError(run: DbbenchProcess, code: number, message: RegExp): void {
  expect(run.code).toBe(code);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^dbbench: /);
  expect(run.stderr).toMatch(message);
}

describe('dbbench run --shard and dbbench merge', () => {
  let directory: string;
  const temporaryDirectories: string[] = [];
  let single: DbbenchReport;
  const shardPaths: string[] = [];

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-shard-'));
  });
  afterAll(async () => {
    for (const path of [directory, ...temporaryDirectories]) await rm(path, { recursive: true, force: true });
  });

  it('merges the quick profile run as 1/3, 2/3 and 3/3 into the combinations of one quick run', async () => {
    const singlePath = quickReportPath(await runDbbench(['run', SYNTHETIC_SUITE, ...SELECTION, '--quick']));
    temporaryDirectories.push(join(singlePath, '..'));
    single = await readReport(singlePath);
    expect(single).toHaveLength(4);
    const sizes: number[] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      const run = await runDbbench(['run', SYNTHETIC_SUITE, ...SELECTION, '--quick', '--shard', shard]);
      const path = quickReportPath(run);
      temporaryDirectories.push(join(path, '..'));
      expect(path).toMatch(new RegExp(`\\.shard-${shard.replace('/', '-of-')}\\.json$`));
      const size = Number(
        new RegExp(`# Shard ${shard}: (\\d) of 4 combinations, split by count`).exec(run.stdout)?.[1],
      );
      sizes.push(size);
      shardPaths.push(path);
    }
    expect(sizes.sort()).toEqual([1, 1, 2]);
    const merged = join(directory, 'merged.json');
    const merge = await runDbbench(['merge', ...shardPaths, '-o', merged]);
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(0);
    expect(merge.stdout).toContain('merged 4 combinations from 3 report(s) (shards 1/3, 2/3, 3/3)');
    const report = await readReport(merged); // validates the schema
    expect(keys(report)).toEqual(keys(single));
    expect(
      report.every((result) => result.dbbench.shard === undefined && result.dbbench.status === 'ok'),
    ).toBe(true);
    expect(report.every((result) => (result.dbbench.elapsedMs ?? 0) > 0)).toBe(true);
  });

  it('refuses to merge a shard measured on another commit with a one-line reason, unless --allow-mixed', async () => {
    const [first, second, third] = shardPaths;
    if (first === undefined || second === undefined || third === undefined)
      throw new Error('no shard reports');
    const otherCommit = join(directory, 'other-commit.json');
    const report = JSON.parse(await readFile(second, 'utf8')) as DbbenchReport;
    for (const result of report) result.dbbench.git = { commit: '0'.repeat(40), dirty: false };
    await writeFile(otherCommit, JSON.stringify(report));
    const out = join(directory, 'mixed.json');
    const refused = await runDbbench(['merge', first, otherCommit, third, '-o', out]);
    expectOneLineError(
      refused,
      1,
      /cannot merge: the reports differ in git commit: \w{12}(?: \(dirty\))? in \S+, 000000000000 in \S+other-commit\.json; run every shard on one commit.*or pass --allow-mixed\n?$/,
    );
    expect(existsSync(out)).toBe(false);
    const allowed = await runDbbench(['merge', first, otherCommit, third, '-o', out, '--allow-mixed']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('merged despite different git commit');
    expect(await readReport(out)).toHaveLength(4);
  });

  it('refuses a merge with a shard left out, listing the missing combinations', async () => {
    const [first, , third] = shardPaths;
    if (first === undefined || third === undefined) throw new Error('no shard reports');
    const second = await readReport(shardPaths[1] ?? '');
    const missing = await runDbbench(['merge', first, third, '-o', join(directory, 'partial.json')]);
    expectOneLineError(missing, 1, new RegExp(`${second.length} of 4 planned combinations are missing: `));
    for (const result of second) expect(missing.stderr).toContain(`${result.benchmark} ${result.mode}`);
  });

  it('splits by the durations recorded in the --out report', async () => {
    // The single quick run's results at workMs=2 are the default profile's combinations at -p workMs=2.
    const base = join(directory, 'base.json');
    const recorded = single.map((result) => ({
      ...result,
      dbbench: { ...result.dbbench, elapsedMs: result.benchmark === 'synthetic.sleep' ? 60_000 : 1_000 },
    }));
    await writeFile(base, JSON.stringify(recorded));
    const listed = await Promise.all(
      ['1/2', '2/2'].map((shard) =>
        runDbbench([
          'run',
          SYNTHETIC_SUITE,
          ...SELECTION,
          '-p',
          'workMs=2',
          '--out',
          base,
          '--list',
          '--shard',
          shard,
        ]),
      ),
    );
    const alone = listed.find((run) => run.stdout.includes('1 of 4 combinations'));
    expect(alone?.stdout).toContain('split by recorded durations');
    expect(alone?.stdout.split('\n').slice(1)).toEqual([
      'synthetic.sleep  avgt  workMs=2',
      '1 combinations',
      '',
    ]);
    expect(listed.map((run) => run.code)).toEqual([0, 0]);
  });

  it('rejects a bad --shard and a merge without -o or reports as usage errors (exit 2, one line)', async () => {
    for (const shard of ['0/2', '3/2', 'half']) {
      const run = await runDbbench(['run', SYNTHETIC_SUITE, '--list', '--shard', shard]);
      expectOneLineError(run, 2, /--shard .*expected k\/n with 1 ≤ k ≤ n/);
    }
    expectOneLineError(await runDbbench(['merge', 'a.json']), 2, /required option '-o, --out <file>'/);
    expectOneLineError(await runDbbench(['merge', '-o', 'x.json']), 2, /missing required argument 'reports'/);
  });
});
