/**
 * Reports nobody here wrote may carry a connection string: `compare --base-report/--head-report` and
 * `merge` never print or write its password (the docs redact the same way where they parse reports).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDbbench, SYNTHETIC_SUITE } from './run-dbbench.js';

const SECRET = 'S3cretPassw0rd';
const CONNECT_URI = `postgres://postgres:${SECRET}@db.example:5432/bench`;

describe('credentials in reports read by compare and merge', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-credentials-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('compare --base-report/--head-report shows the host and database, never the password', async () => {
    const jmh = JSON.parse(
      await readFile(new URL('./fixtures/jmh-1.37-avgt.json', import.meta.url), 'utf8'),
    ) as { params?: Record<string, string> }[];
    const withUri = jmh.map((result) => ({
      ...result,
      params: { ...result.params, connectUri: CONNECT_URI },
    }));
    const base = join(directory, 'base.json');
    const head = join(directory, 'head.json');
    await writeFile(base, JSON.stringify(withUri));
    await writeFile(head, JSON.stringify(withUri));
    const markdown = join(directory, 'compare.md');
    const json = join(directory, 'compare.json');
    const run = await runDbbench([
      'compare',
      '--base-report',
      base,
      '--head-report',
      head,
      '--markdown',
      markdown,
      '--json',
      json,
    ]);
    expect(run.code).toBe(0);
    const outputs = [run.stdout, run.stderr, await readFile(markdown, 'utf8'), await readFile(json, 'utf8')];
    for (const output of outputs) expect(output).not.toContain(SECRET);
    expect(run.stdout + (await readFile(json, 'utf8'))).toContain('db.example:5432/bench');
  });

  it('merge writes the password of a report as ***', async () => {
    const out = join(directory, 'quick.json');
    const run = await runDbbench([
      'run',
      SYNTHETIC_SUITE,
      '-b',
      '^busy$',
      '--quick',
      '--shard',
      '1/1',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    const shard = join(directory, 'quick.shard-1-of-1.json');
    const report = JSON.parse(await readFile(shard, 'utf8')) as { dbbench: { runInfo: object } }[];
    const leaky = join(directory, 'leaky.json');
    await writeFile(
      leaky,
      JSON.stringify(
        report.map((result) => ({
          ...result,
          dbbench: { ...result.dbbench, runInfo: { url: CONNECT_URI } },
        })),
      ),
    );
    const merged = join(directory, 'merged.json');
    const merge = await runDbbench(['merge', leaky, '-o', merged]);
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(0);
    const text = await readFile(merged, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('postgres://postgres:***@db.example:5432/bench');
  });
});
