import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, FIXTURES, fixtureRoot, removeTempDirs, tempDir } from './fixture-paths.js';

afterAll(removeTempDirs);

const run = promisify(execFile);

interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI (what `npm run docs` runs) with extra environment variables. */
async function cli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

async function readTree(directory: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(directory, full), await readFile(full));
  }
  return files;
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    'git',
    ['-c', 'user.name=dbbench test', '-c', 'user.email=test@dbbench.invalid', ...args],
    {
      cwd,
    },
  );
  return stdout.trim();
}

describe('dbbench-docs CLI', () => {
  it('writes byte-identical output under different time zones and locales', async () => {
    const root = await fixtureRoot();
    const first = path.join(root, 'out-utc');
    const second = path.join(root, 'out-kolkata');
    const utc = await cli(['generate', '--root', root, '--out', first], {
      TZ: 'UTC',
      LC_ALL: 'C.UTF-8',
      LANG: 'C.UTF-8',
    });
    const kolkata = await cli(['generate', '--root', root, '--out', second], {
      TZ: 'Asia/Kolkata',
      LC_ALL: 'de_DE.UTF-8',
      LANG: 'de_DE.UTF-8',
    });
    expect(utc.code).toBe(0);
    expect(kolkata.code).toBe(0);
    // The second environment must really differ, or the comparison proves nothing.
    const probe = await run(
      process.execPath,
      ['-e', 'console.log((1234.5).toLocaleString(), new Date(0).getHours())'],
      {
        env: { ...process.env, TZ: 'Asia/Kolkata', LC_ALL: 'de_DE.UTF-8' },
      },
    );
    expect(probe.stdout.trim()).toBe('1.234,5 5');
    const a = await readTree(first);
    const b = await readTree(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect(a.size).toBeGreaterThan(10);
    for (const [file, content] of a) expect([file, b.get(file)?.equals(content)]).toEqual([file, true]);
  });

  it('exits 1 on a malformed report, prints the file, path and expectation without a stack, writes nothing', async () => {
    const root = await tempDir();
    await cp(path.join(FIXTURES, 'malformed', 'wrong-type'), root, { recursive: true });
    const out = path.join(root, 'benchmark-docs');
    const result = await cli(['generate', '--root', root, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('packages/suite-pooled/reports/postgres.json is not a valid report');
    expect(result.stderr).toContain('at $[1].primaryMetric.score: expected number or "NaN", got "fast"');
    expect(result.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    await expect(readdir(out)).rejects.toThrow();
  });

  it('check passes on fresh docs and lists new, changed and deleted files otherwise', async () => {
    const root = await fixtureRoot({ jmh: false });
    const out = path.join(root, 'benchmark-docs');
    expect((await cli(['generate', '--root', root])).code).toBe(0);
    const fresh = await cli(['check', '--root', root]);
    expect(fresh.stderr).toBe('');
    expect(fresh.code).toBe(0);

    await writeFile(path.join(out, 'mysql.md'), 'edited by hand\n');
    await rm(path.join(out, 'charts', 'postgres-seed-rows.svg'));
    await writeFile(path.join(out, 'charts', 'left-over.svg'), '<svg/>\n');
    await mkdir(path.join(out, 'notes'), { recursive: true });
    await writeFile(path.join(out, 'notes', 'unrelated.md'), 'hand-written, never checked\n');
    const stale = await cli(['check', '--root', root]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('new:     charts/postgres-seed-rows.svg');
    expect(stale.stderr).toContain('changed: mysql.md');
    expect(stale.stderr).toContain('deleted: charts/left-over.svg');
    expect(stale.stderr).not.toContain('unrelated.md');
  });

  it('compares with the previous committed report, and docs:check agrees after the commit', async () => {
    const root = await fixtureRoot({ jmh: false });
    const report = 'packages/suite-pooled/reports/postgres.json';
    const current = await readFile(path.join(root, report));
    await git(root, 'init', '-q');
    // First commit: the previous run's report.
    await cp(path.join(FIXTURES, 'baseline', 'pooled-postgres-previous.json'), path.join(root, report));
    await git(root, 'add', '.');
    await git(root, 'commit', '-q', '-m', 'previous run');
    const previousCommit = (await git(root, 'rev-parse', 'HEAD')).slice(0, 12);
    // The new run, uncommitted: `docs` compares with HEAD's version.
    await writeFile(path.join(root, report), current);
    expect((await cli(['generate', '--root', root])).code).toBe(0);
    const page = await readFile(path.join(root, 'benchmark-docs', 'postgres.md'), 'utf8');
    expect(page).toContain(`\`${report}\`: compared with the version at commit ${previousCommit}`);
    expect(page).toMatch(/\| pooled \| job \| dataSize=10000, poolSize=10, partitions=4 \|.*\| regressed \|/);

    // Commit the report with its docs: HEAD now equals the working file, and check must still pass.
    await git(root, 'add', '.');
    await git(root, 'commit', '-q', '-m', 'new run and docs');
    const check = await cli(['check', '--root', root]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  });

  it('prints usage for an unknown option without a stack', async () => {
    const result = await cli(['generate', '--nope']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Unknown option '--nope'");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
