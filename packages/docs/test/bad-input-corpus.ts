/**
 * Bad inputs to the `dbbench-docs` command and what each must produce: an exit code (2 for bad
 * input, 1 for a failed check), at most three lines on stderr that say what is wrong, no stack
 * trace, and nothing written. The cases are plain data so that other command-line corpora can be
 * run by the same loop.
 */
import { readFile, rm, writeFile, mkdir, cp } from 'node:fs/promises';
import path from 'node:path';

/** One bad input and what it must produce. */
export interface BadInputCase {
  /** What is wrong, as the test's name. */
  readonly name: string;
  /** The command line after `dbbench-docs`; `{root}` stands for the case's repository. */
  readonly args: readonly string[];
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Breaks the case's repository before the run. It holds the fixture reports in
   * `packages/<suite>/reports/<database>.json` and the docs generated from them in `benchmark-docs/`.
   */
  readonly setup?: (root: string) => Promise<void>;
  /** 2 for bad input or arguments, 1 for a check that failed. */
  readonly exitCode: 1 | 2;
  /** What stderr must say. */
  readonly stderr: string | RegExp;
}

const POOLED = 'packages/suite-pooled/reports/postgres.json';

type Result = Record<string, unknown> & {
  primaryMetric: Record<string, unknown>;
  dbbench: Record<string, unknown>;
};

/** Rewrites a report of the case's repository. */
function editReport(relative: string, edit: (results: Result[]) => unknown): (root: string) => Promise<void> {
  return async (root) => {
    const file = path.join(root, relative);
    const results = JSON.parse(await readFile(file, 'utf8')) as Result[];
    await writeFile(file, JSON.stringify(edit(results) ?? results, null, 2));
  };
}

function writeText(relative: string, text: string): (root: string) => Promise<void> {
  return async (root) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  };
}

const generate = (...args: string[]) => ['generate', '--root', '{root}', ...args];

/** A plain JMH result in sample mode whose histogram is given. */
function jmhSampleResult(histogram: unknown): string {
  return JSON.stringify([
    {
      jmhVersion: '1.37',
      benchmark: 'org.example.Bench.run',
      mode: 'sample',
      threads: 1,
      forks: 1,
      warmupIterations: 1,
      warmupTime: '1 s',
      warmupBatchSize: 1,
      measurementIterations: 1,
      measurementTime: '1 s',
      measurementBatchSize: 1,
      primaryMetric: {
        score: 2,
        scoreError: 'NaN',
        scoreConfidence: ['NaN', 'NaN'],
        scorePercentiles: {},
        scoreUnit: 'us/op',
        rawDataHistogram: histogram,
      },
      secondaryMetrics: {},
    },
  ]);
}

/** The `dbbench-docs` corpus. */
export const DOCS_BAD_INPUTS: readonly BadInputCase[] = [
  // Command line.
  { name: 'no command', args: [], exitCode: 2, stderr: 'Missing command: generate or check' },
  { name: 'an unknown command', args: ['frobnicate'], exitCode: 2, stderr: 'Unknown command "frobnicate"' },
  {
    name: 'two commands',
    args: ['generate', 'check', '--root', '{root}'],
    exitCode: 2,
    stderr: 'Unexpected argument "check"',
  },
  { name: 'an unknown option', args: generate('--nope'), exitCode: 2, stderr: "Unknown option '--nope'." },
  {
    name: 'an option without its value',
    args: generate('--out'),
    exitCode: 2,
    stderr: "Option '--out <value>' argument missing",
  },
  { name: 'an empty option value', args: generate('--out', ''), exitCode: 2, stderr: '--out needs a value' },
  {
    name: '--root that does not exist',
    args: ['generate', '--root', '{root}/missing'],
    exitCode: 2,
    stderr: 'does not exist',
  },
  {
    name: '--root that is a file',
    args: ['generate', '--root', `{root}/${POOLED}`],
    exitCode: 2,
    stderr: 'is a file, not a directory',
  },
  // Output paths.
  {
    name: '--out under a regular file',
    args: generate('--out', `${POOLED}/docs`),
    exitCode: 2,
    stderr: /is a file, so .* cannot be a directory/,
  },
  {
    name: '--out that is a regular file',
    args: generate('--out', POOLED),
    exitCode: 2,
    stderr: `--out: ${POOLED} is a file`,
  },
  {
    name: '--out holding a README.md the generator did not write',
    args: generate('--out', '.'),
    setup: writeText('README.md', '# My project\n'),
    exitCode: 2,
    stderr: 'README.md was not written by dbbench-docs',
  },
  {
    name: 'check of a docs directory that does not exist',
    args: ['check', '--root', '{root}', '--out', 'no-docs'],
    exitCode: 2,
    stderr: 'no-docs does not exist',
  },
  // Report patterns.
  {
    name: 'a --reports pattern with a typo',
    args: generate('--reports', 'packages/*/report/*.json'),
    exitCode: 2,
    stderr: '--reports packages/*/report/*.json matches no file',
  },
  {
    name: 'an absolute --reports path that does not exist',
    args: generate('--reports', '{root}/packages/suite-pooled/reports/missing.json'),
    exitCode: 2,
    stderr: 'matches no file',
  },
  {
    name: 'a --reports pattern matching only folders',
    args: generate('--reports', 'packages/*/reports'),
    exitCode: 2,
    stderr: 'matches no file',
  },
  {
    name: 'one of two --reports patterns matching nothing',
    args: generate('--reports', POOLED, '--reports', 'packages/suite-reactive/reports/mysql.json'),
    exitCode: 2,
    stderr: 'packages/suite-reactive/reports/mysql.json matches no file',
  },
  {
    name: 'no report at the default place',
    args: generate(),
    setup: async (root) => rm(path.join(root, 'packages'), { recursive: true, force: true }),
    exitCode: 2,
    stderr: 'No report found: packages/*/reports/*.json matches no file',
  },
  // Report files.
  {
    name: 'an empty report []',
    args: generate(),
    setup: writeText(POOLED, '[]\n'),
    exitCode: 2,
    stderr: `${POOLED} is not a valid report at $: an empty array`,
  },
  {
    name: 'an empty file',
    args: generate(),
    setup: writeText(POOLED, ''),
    exitCode: 2,
    stderr: `${POOLED} is not valid JSON`,
  },
  {
    name: 'a truncated report',
    args: generate(),
    setup: async (root) => {
      const text = await readFile(path.join(root, POOLED), 'utf8');
      await writeFile(path.join(root, POOLED), text.slice(0, text.length / 2));
    },
    exitCode: 2,
    stderr: 'truncated report',
  },
  {
    name: 'a report that is not an array',
    args: generate(),
    setup: writeText(POOLED, '{}'),
    exitCode: 2,
    stderr: 'at $: expected an array of JMH results',
  },
  {
    name: 'a score of the wrong type',
    args: generate(),
    setup: editReport(POOLED, (results) => void (results[1]!.primaryMetric['score'] = 'fast')),
    exitCode: 2,
    stderr: 'at $[1].primaryMetric.score: expected number or "NaN", got "fast"',
  },
  {
    name: 'a negative score',
    args: generate(),
    setup: editReport(POOLED, (results) => void (results[0]!.primaryMetric['score'] = -5)),
    exitCode: 2,
    stderr: 'at $[0].primaryMetric.score: a negative score (-5)',
  },
  {
    name: 'a negative score, with DBBENCH_DEBUG=1 (still a user error: no stack)',
    args: generate(),
    env: { DBBENCH_DEBUG: '1' },
    setup: editReport(POOLED, (results) => void (results[0]!.primaryMetric['score'] = -5)),
    exitCode: 2,
    stderr: 'a negative score',
  },
  {
    name: 'a score too large to be finite (1e999)',
    args: generate(),
    setup: async (root) => {
      const text = await readFile(path.join(root, POOLED), 'utf8');
      await writeFile(path.join(root, POOLED), text.replace(/"score": [\d.]+/, '"score": 1e999'));
    },
    exitCode: 2,
    stderr: 'at $[0].primaryMetric.score: a number too large to be finite',
  },
  {
    name: 'a negative error',
    args: generate(),
    setup: editReport(POOLED, (results) => void (results[0]!.primaryMetric['scoreError'] = -1)),
    exitCode: 2,
    stderr: 'a negative error',
  },
  {
    name: 'a "NaN" score in a result that did not fail',
    args: generate(),
    setup: editReport(POOLED, (results) => void (results[0]!.primaryMetric['score'] = 'NaN')),
    exitCode: 2,
    stderr: 'a result that did not fail needs a score',
  },
  {
    name: 'the same combination twice in one report',
    args: generate(),
    setup: editReport(POOLED, (results) => [...results, results[0]]),
    exitCode: 2,
    stderr: /at \$\[\d+\]: repeats \$\[0\]/,
  },
  {
    name: 'a report mixing two databases',
    args: generate(),
    setup: editReport(POOLED, (results) => void (results[2]!.dbbench['database'] = 'mysql')),
    exitCode: 2,
    stderr: 'at $[2].dbbench.database: expected "postgres"',
  },
  {
    name: 'two reports of the same suite and database',
    args: generate(),
    setup: async (root) => {
      await mkdir(path.join(root, 'packages', 'suite-copy', 'reports'), { recursive: true });
      await cp(
        path.join(root, POOLED),
        path.join(root, 'packages', 'suite-copy', 'reports', 'postgres.json'),
      );
    },
    exitCode: 2,
    stderr: 'both hold suite "pooled" on "postgres"',
  },
  {
    name: 'a JMH sample-mode histogram with a broken pair',
    args: generate(),
    setup: writeText(
      'packages/java/reports/results.json',
      jmhSampleResult([
        [
          [
            [2, 1],
            ['x', 1],
          ],
        ],
      ]),
    ),
    exitCode: 2,
    stderr: 'at $[0].primaryMetric.rawDataHistogram[0][0][1]: expected a [value, count] pair',
  },
  {
    name: 'a JMH infinite score ("+INF")',
    args: generate(),
    setup: writeText(
      'packages/java/reports/results.json',
      jmhSampleResult([[[[2, 1]]]]).replace('"score":2', '"score":"+INF"'),
    ),
    exitCode: 2,
    stderr: 'at $[0].primaryMetric.score: expected number or "NaN", got "+INF"',
  },
  // Baselines.
  {
    name: 'a --baseline that does not exist',
    args: generate('--baseline', 'previous.json'),
    exitCode: 2,
    stderr: 'Cannot read --baseline previous.json',
  },
  {
    name: 'a --baseline that matches no report',
    args: generate('--baseline', 'previous.json'),
    setup: async (root) => {
      const results = JSON.parse(await readFile(path.join(root, POOLED), 'utf8')) as Result[];
      for (const result of results) result.dbbench['suite'] = 'elsewhere';
      await writeFile(path.join(root, 'previous.json'), JSON.stringify(results));
    },
    exitCode: 2,
    stderr: '--baseline previous.json matches no report being rendered (suite "elsewhere" on "postgres")',
  },
  // The check.
  {
    name: 'check with a bad report',
    args: ['check', '--root', '{root}'],
    setup: writeText(POOLED, '[]'),
    exitCode: 2,
    stderr: 'an empty array',
  },
  {
    name: 'check of docs edited by hand',
    args: ['check', '--root', '{root}'],
    setup: writeText('benchmark-docs/mysql.md', '# edited by hand\n\nGenerated by `@dbbench/docs`.\n'),
    exitCode: 1,
    stderr: 'changed: mysql.md',
  },
];
