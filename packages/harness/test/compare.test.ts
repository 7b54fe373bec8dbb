/**
 * `dbbench compare` end to end on a tiny suite in a throwaway git repository: the baseline is a
 * commit, the candidate the working tree, forks interleaved. Identical code calls nothing; 30% more
 * work per operation is called a regression (exit 1 with --fail-on-regression); one more statement
 * per operation is reported exactly as a counter change.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/dbbench.js', import.meta.url));
const harness = pathToFileURL(fileURLToPath(new URL('../dist/index.js', import.meta.url))).href;

/**
 * The suite: one benchmark that does `spins` iterations of integer arithmetic and declares
 * `statements` per operation. Work, not a wall-clock deadline: when the machine is loaded, time
 * taken by other processes stretches both sides in proportion to the work, so 30% more spins stay
 * about 30% more time (a deadline-based busy-wait would dilute the change by the preemptions).
 */
function suiteSource(spins: number, statements: number): string {
  return `import { defineBenchmark, defineSuite } from ${JSON.stringify(harness)};
const SPINS = ${spins};
const STATEMENTS = ${statements};
export default defineSuite({
  name: 'tiny',
  database: 'none',
  description: 'a known amount of arithmetic',
  axes: {},
  benchmarks: {
    work: defineBenchmark({
      description: 'spins',
      axes: [],
      mode: 'avgt',
      deterministicCounters: ['statements/op'],
      setupTrial: () => ({}),
      run() {
        let x = 0;
        for (let i = 0; i < SPINS; i++) x = (Math.imul(x, 31) + i) | 0;
        return x;
      },
      profilers: () => [{
        name: 'statements',
        beforeIteration() {},
        afterIteration: () => [{ name: 'statements/op', value: STATEMENTS, unit: 'count' }],
      }],
    }),
  },
});
`;
}

/** Spins of the baseline: about 2 ms of arithmetic on this machine. */
const BASE_SPINS = 2_000_000;

interface Outcome {
  readonly exitCode: number;
  readonly stderr: string;
  readonly json: {
    results: { verdict: string; ratio: number; level: string; pairs?: number }[];
    counterChanges: { counter: string; baseline: number; candidate: number }[];
  };
}

describe('dbbench compare', () => {
  let repo: string;

  async function git(...args: string[]): Promise<void> {
    await run('git', args, { cwd: repo });
  }

  async function compare(...flags: string[]): Promise<Outcome> {
    const json = join(repo, '..', 'comparison.json');
    const args = [bin, 'compare', 'suite.js', '--base', 'HEAD', '--forks', '3', '--warmup-iterations', '1'];
    const timing = ['--warmup-time', '100ms', '-i', '3', '--time', '150ms', '--json', json, ...flags];
    const env = {
      ...process.env,
      DBBENCH_LOCK_FILE: join(repo, '..', 'lock'),
      DBBENCH_COMPARE_CACHE: join(repo, '..', 'cache'),
    };
    const result = await run(process.execPath, [...args, ...timing], {
      cwd: repo,
      env,
      timeout: 240_000,
    }).then(
      ({ stderr }) => ({ exitCode: 0, stderr }),
      (error: { code?: number; stderr?: string }) => ({
        exitCode: error.code ?? -1,
        stderr: error.stderr ?? '',
      }),
    );
    return { ...result, json: JSON.parse(await readFile(json, 'utf8')) as Outcome['json'] };
  }

  beforeAll(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'dbbench-compare-test-'));
    repo = join(parent, 'repo');
    await run('git', ['init', '-q', repo]);
    await git('config', 'user.email', 'test@example.com');
    await git('config', 'user.name', 'test');
    await writeFile(join(repo, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(repo, 'suite.js'), suiteSource(BASE_SPINS, 3));
    await git('add', '.');
    await git('commit', '-qm', 'baseline');
  });

  afterAll(async () => {
    await rm(join(repo, '..'), { recursive: true, force: true });
  });

  it('calls nothing when both sides are the same code', async () => {
    const outcome = await compare('--fail-on-regression');
    expect(outcome.exitCode).toBe(0);
    expect(outcome.json.results.map((result) => result.verdict)).toEqual(['~']);
    // Each fork pair took turns in a round of its own: the result is compared over the 3 pairs.
    expect(outcome.json.results[0]).toMatchObject({ level: 'paired', pairs: 3 });
    expect(outcome.json.counterChanges).toEqual([]);
    // Forks were interleaved: the progress shows both sides in alternating order, whichever opened.
    expect(outcome.stderr).toMatch(
      /fork 1 (baseline|candidate)[\s\S]*fork 1 (?!\1)(baseline|candidate)[\s\S]*fork 2 \2[\s\S]*fork 2 \1/,
    );
  });

  it('calls 30% more work per operation a regression and fails with --fail-on-regression', async () => {
    await writeFile(join(repo, 'suite.js'), suiteSource(BASE_SPINS * 1.3, 3));
    // On a loaded machine three forks a side can leave a real 30% change unresolved; --auto adds fork
    // pairs until it is resolved, as a user on a noisy machine would run it.
    const outcome = await compare('--fail-on-regression', '--auto', '--budget', '2m', '--max-forks', '8');
    expect(outcome.json.results[0]?.verdict).toBe('regressed');
    expect(outcome.json.results[0]?.ratio).toBeGreaterThan(1.15);
    expect(outcome.json.results[0]?.ratio).toBeLessThan(1.6);
    expect(outcome.exitCode).toBe(1);
  }, 240_000);

  it('reports one more statement per operation exactly, without statistics', async () => {
    await writeFile(join(repo, 'suite.js'), suiteSource(BASE_SPINS, 4));
    const outcome = await compare();
    expect(outcome.exitCode).toBe(0);
    expect(outcome.json.counterChanges).toEqual([
      expect.objectContaining({ counter: 'statements/op', baseline: 3, candidate: 4 }),
    ]);
  });
});
