/**
 * Bad inputs of `dbbench run`, against the synthetic fixture suite: flags, `-p` values, suite module
 * paths, report paths, report files already there, and environment variables. Every case's scratch
 * directory holds a committed-looking report at reports/committed.json, which must come out
 * byte-identical. To add a case, add a row.
 */
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, SYNTHETIC_SUITE } from '../run-dbbench.js';
import type { BadInputCase, CaseDirectory } from './bad-input.js';

/** A table of cases with what every case's scratch directory starts with. */
export interface CaseTable {
  readonly name: string;
  readonly cases: readonly BadInputCase[];
  /** Fills a fresh scratch directory before the case's own preparation. */
  prepare(scratch: CaseDirectory): Promise<void>;
}

const JMH_REPORT = fileURLToPath(new URL('../fixtures/jmh-1.37-avgt.json', import.meta.url));
const SHORT = ['--warmup-iterations', '0', '-i', '1', '--time', '50ms'];
const HUGE_NUMBER = '9'.repeat(400);

/** Where the report goes unless a case says otherwise (it must never appear). */
const defaultOut = ({ dir }: CaseDirectory): string => join(dir, 'reports', 'synthetic.json');

interface RunCase {
  readonly name: string;
  /** Arguments after `dbbench run <suite>`; `--out` is added unless present. */
  readonly args: (scratch: CaseDirectory) => readonly string[];
  readonly stderr: RegExp;
  readonly exitCode?: number;
  /** The suite module (default: the synthetic suite); undefined leaves it out. */
  readonly suite?: ((scratch: CaseDirectory) => string) | null;
  readonly env?: (scratch: CaseDirectory) => NodeJS.ProcessEnv;
  readonly prepare?: (scratch: CaseDirectory) => Promise<void>;
  readonly unprivileged?: boolean;
}

const plain =
  (...args: string[]) =>
  (): readonly string[] =>
    args;

/** A directory nobody may write to (the tests switch to `nobody` when they run as root). */
async function readOnlyDirectory(dir: string, name: string): Promise<string> {
  const path = join(dir, name);
  await mkdir(path);
  await chmod(path, 0o555);
  return path;
}

/** A directory everyone may write to, for reports of cases run as `nobody`. */
async function openDirectory(dir: string): Promise<void> {
  await mkdir(join(dir, 'open'));
  await chmod(join(dir, 'open'), 0o777);
}

const runCases: readonly RunCase[] = [
  // Flags
  { name: 'an unknown option', args: plain('--frobnicate'), stderr: /unknown option '--frobnicate'/ },
  {
    name: "JMH's -t (threads), which dbbench has as an axis",
    args: plain('-t', '4'),
    stderr: /-t \(threads\) has no dbbench counterpart: concurrency is an axis/,
  },
  {
    name: "JMH's -rf with a format other than JSON",
    args: plain('-rf', 'csv'),
    stderr: /-rf csv: dbbench writes JMH's JSON result format only/,
  },
  {
    name: "JMH's -wi with a bad count",
    args: plain('-wi', 'two'),
    stderr: /--warmup-iterations needs an integer/,
  },
  { name: 'a negative fork count', args: plain('--forks', '-1'), stderr: /--forks needs an integer ≥ 0/ },
  { name: 'a fork count in words', args: plain('--forks', 'two'), stderr: /--forks needs an integer ≥ 0/ },
  { name: 'an infinite fork count', args: plain('--forks', '1e400'), stderr: /--forks needs an integer/ },
  { name: 'a fractional fork count', args: plain('--forks', '1.5'), stderr: /--forks needs an integer/ },
  { name: 'zero iterations', args: plain('--iterations', '0'), stderr: /--iterations needs an integer ≥ 1/ },
  {
    name: 'negative warmup iterations',
    args: plain('--warmup-iterations', '-3'),
    stderr: /--warmup-iterations needs an integer ≥ 0/,
  },
  {
    name: 'a zero batch size',
    args: plain('--batch-size', '0'),
    stderr: /--batch-size needs an integer ≥ 1/,
  },
  {
    name: "JMH's -wbs with no invocations",
    args: plain('-wbs', '0'),
    stderr: /--warmup-batch-size needs an integer ≥ 1/,
  },
  {
    name: 'no fork at all taking turns',
    args: plain('--interleave', '0'),
    stderr: /--interleave needs an integer ≥ 1/,
  },
  {
    name: 'forks taking turns in words',
    args: plain('--interleave', 'four'),
    stderr: /--interleave needs an integer ≥ 1/,
  },
  {
    name: 'a duration without a unit we know',
    args: plain('--time', '5parsecs'),
    stderr: /--time: invalid duration/,
  },
  {
    name: 'a zero duration',
    args: plain('--time', '0ms'),
    stderr: /--time: duration must be greater than zero/,
  },
  {
    name: 'a 400-digit duration (Infinity)',
    args: plain('--time', `${HUGE_NUMBER}s`),
    stderr: /^dbbench: --time: 9{12}…9{5}s is too long; the longest duration is/,
  },
  {
    name: 'a negative warmup time',
    args: plain('--warmup-time', '-1s'),
    stderr: /--warmup-time: invalid duration/,
  },
  {
    name: 'a timeout above 2^31 - 1 ms',
    args: plain('--timeout', '2147484s'),
    stderr: /--timeout: 2147484s is too long/,
  },
  { name: 'a timeout in days', args: plain('--timeout', '25d'), stderr: /--timeout: invalid duration "25d"/ },
  { name: 'an unknown mode', args: plain('--mode', 'fast'), stderr: /unknown mode fast; modes: thrpt/ },
  { name: 'an empty mode', args: plain('--mode', ''), stderr: /unknown mode/ },
  { name: 'an unknown unit', args: plain('--unit', 'hours'), stderr: /--unit: choose one of ns, us, ms, s/ },
  { name: 'an unknown profiler', args: plain('--prof', 'cpu'), stderr: /--prof: choose one of gc/ },
  {
    name: 'a filter that is no regular expression',
    args: plain('-b', '('),
    stderr: /not a valid regular expression/,
  },
  {
    name: 'a filter matching nothing',
    args: plain('-b', 'nothing'),
    stderr: /-b nothing matches no benchmark/,
  },
  {
    name: 'a bad suite option value',
    args: plain('--flavour', 'salty'),
    stderr: /'salty' is invalid\. Allowed choices are plain, spicy/,
  },
  {
    name: '--out without its value',
    args: plain('-b', '^busy$', '--out'),
    stderr: /option '-o, --out <path>' argument missing/,
  },
  { name: 'an extra argument', args: plain('extra-argument'), stderr: /too many arguments for 'run'/ },
  { name: 'no suite module', suite: null, args: plain(), stderr: /missing required argument 'suite-module'/ },

  // -p values
  {
    name: 'an unknown axis',
    args: plain('-p', 'rows=1'),
    stderr: /-p rows: unknown axis; axes: workMs, label/,
  },
  {
    name: 'an unknown named value',
    args: plain('-p', 'label=z'),
    stderr: /-p label=z: expected one of a, b/,
  },
  {
    name: 'a negative size',
    args: plain('-b', '^busy$', '-p', 'workMs=-5'),
    stderr: /-p workMs=-5: expected an integer from 1 to 1000/,
  },
  {
    name: 'a zero size',
    args: plain('-b', '^busy$', '-p', 'workMs=0'),
    stderr: /workMs=0: expected an integer/,
  },
  {
    name: 'a fractional size',
    args: plain('-b', '^busy$', '-p', 'workMs=2.5'),
    stderr: /workMs=2\.5: expected an integer/,
  },
  {
    name: 'a size above the declared maximum',
    args: plain('-b', '^busy$', '-p', 'workMs=1e12'),
    stderr: /workMs=1e12: expected an integer from 1 to 1000/,
  },
  {
    name: 'a 400-digit size',
    args: plain('-b', '^busy$', '-p', `workMs=${HUGE_NUMBER}`),
    stderr: /workMs=9{12}…9{6}: expected an integer/,
  },
  {
    name: 'a size in words',
    args: plain('-b', '^busy$', '-p', 'workMs=abc'),
    stderr: /workMs=abc: expected an integer/,
  },
  { name: 'an empty value', args: plain('-p', 'workMs='), stderr: /-p workMs=: expected axis=value1,value2/ },
  { name: 'a value without an axis', args: plain('-p', '=5'), stderr: /-p =5: expected axis=value1,value2/ },
  {
    name: 'an axis without a value',
    args: plain('-p', 'workMs'),
    stderr: /-p workMs: expected axis=value1,value2/,
  },
  {
    name: 'an empty value in a list',
    args: plain('-p', 'workMs=1,,2'),
    stderr: /expected axis=value1,value2/,
  },
  {
    name: 'an axis no selected benchmark uses',
    args: plain('-b', '^busy$', '-p', 'label=a'),
    stderr: /-p label: no selected benchmark uses this axis/,
  },

  // Suite module paths
  {
    name: 'a suite module that does not exist',
    suite: ({ dir }) => join(dir, 'no-such-suite.js'),
    args: plain(),
    stderr: /suite module .*no-such-suite\.js not found; pass a compiled suite module/,
  },
  {
    name: 'a directory as the suite module',
    suite: ({ dir }) => join(dir, 'reports'),
    args: plain(),
    stderr: /suite module .*reports is not a file/,
  },
  {
    name: 'a suite module that is not JavaScript',
    suite: ({ dir }) => join(dir, 'not-javascript.mjs'),
    prepare: ({ dir }) => writeFile(join(dir, 'not-javascript.mjs'), 'this is not javascript\n'),
    args: plain(),
    stderr: /cannot load suite module .*not-javascript\.mjs: /,
  },
  {
    name: 'a suite module without a default export',
    suite: ({ dir }) => join(dir, 'no-default.mjs'),
    prepare: ({ dir }) => writeFile(join(dir, 'no-default.mjs'), 'export const suite = {};\n'),
    args: plain(),
    stderr: /no-default\.mjs has no suite as its default export/,
  },
  {
    name: 'a suite module whose default export is no suite',
    suite: ({ dir }) => join(dir, 'not-a-suite.mjs'),
    prepare: ({ dir }) => writeFile(join(dir, 'not-a-suite.mjs'), "export default { name: 'x' };\n"),
    args: plain(),
    stderr: /not-a-suite\.mjs has no suite as its default export/,
  },
  {
    name: 'a suite module that throws when imported',
    suite: ({ dir }) => join(dir, 'throws.mjs'),
    prepare: ({ dir }) => writeFile(join(dir, 'throws.mjs'), "throw new Error('boom at import');\n"),
    args: plain(),
    stderr: /cannot load suite module .*throws\.mjs: boom at import/,
  },
  {
    name: 'a suite module importing a package that is not installed',
    suite: ({ dir }) => join(dir, 'missing-dependency.mjs'),
    prepare: ({ dir }) =>
      writeFile(join(dir, 'missing-dependency.mjs'), "import 'dbbench-no-such-package';\n"),
    args: plain(),
    stderr: /cannot load suite module .*: Cannot find package 'dbbench-no-such-package'/,
  },
  {
    name: 'a JSON file as the suite module',
    suite: () => JMH_REPORT,
    args: plain(),
    stderr: /cannot load suite module .*jmh-1\.37-avgt\.json: /,
  },

  // Report paths (checked before the lock, the server and any fork)
  {
    name: 'a report path in a read-only directory',
    unprivileged: true,
    prepare: async ({ dir }) => void (await readOnlyDirectory(dir, 'read-only')),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'read-only', 'report.json')],
    stderr: /report path .*read-only\/report\.json: cannot create a file in .*read-only \(EACCES\)/,
  },
  {
    name: 'a report path under a regular file',
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports', 'committed.json', 'report.json')],
    stderr: /report path .*: .*committed\.json is a file, not a directory/,
  },
  {
    name: 'a report path under /proc',
    args: plain('-b', '^busy$', '--out', '/proc/x/report.json'),
    stderr: /report path \/proc\/x\/report\.json: cannot create \/proc\/x/,
  },
  {
    name: 'a directory as the report path',
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports')],
    stderr: /report path .*reports: it is a directory; name a file in it/,
  },
  {
    name: 'an empty report path',
    args: plain('-b', '^busy$', '--out', ''),
    stderr: /report path .*: it is a directory/,
  },

  // Report files already at the report path
  {
    name: 'an existing report that is not JSON',
    prepare: ({ dir }) => writeFile(join(dir, 'reports', 'broken.json'), '[{"benchmark": "synthetic.busy", '),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports', 'broken.json')],
    stderr: /report .*broken\.json is not valid JSON .*; delete it or restore it from git/,
  },
  {
    name: 'an existing empty report file',
    prepare: ({ dir }) => writeFile(join(dir, 'reports', 'empty.json'), ''),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports', 'empty.json')],
    stderr: /report .*empty\.json is not valid JSON/,
  },
  {
    name: 'an existing report of the wrong shape',
    prepare: ({ dir }) => writeFile(join(dir, 'reports', 'wrong.json'), '[{"benchmark": 42}]\n'),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports', 'wrong.json')],
    stderr: /report .*wrong\.json is invalid: at \[0\]\./,
  },
  {
    name: 'an existing report that is an object',
    prepare: ({ dir }) => writeFile(join(dir, 'reports', 'object.json'), '{"results": []}\n'),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports', 'object.json')],
    stderr: /report .*object\.json is invalid: at \(root\)/,
  },
  {
    name: 'an existing JMH report without the dbbench extension',
    prepare: ({ dir }) => copyFile(JMH_REPORT, join(dir, 'reports', 'jmh.json')),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'reports', 'jmh.json')],
    stderr: /report .*jmh\.json is invalid: at \[0\]\.dbbench/,
  },
  {
    name: 'an existing report the user cannot read',
    unprivileged: true,
    prepare: async ({ dir }) => {
      await openDirectory(dir);
      await copyFile(join(dir, 'reports', 'committed.json'), join(dir, 'open', 'private.json'));
      await chmod(join(dir, 'open', 'private.json'), 0o000);
    },
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'open', 'private.json')],
    stderr: /cannot read report .*private\.json: EACCES/,
  },

  // Environment variables
  {
    name: 'DBBENCH_LOCK_FILE naming a directory',
    env: ({ dir }) => ({ DBBENCH_LOCK_FILE: join(dir, 'reports') }),
    args: plain('-b', '^busy$'),
    stderr: /cannot use the measurement lock .*reports: it is not a regular file; set DBBENCH_LOCK_FILE/,
  },
  {
    name: 'DBBENCH_LOCK_FILE under a regular file',
    env: ({ dir }) => ({ DBBENCH_LOCK_FILE: join(dir, 'reports', 'committed.json', 'lock') }),
    args: plain('-b', '^busy$'),
    stderr: /cannot use the measurement lock .*: ENOTDIR; set DBBENCH_LOCK_FILE/,
  },
  {
    name: 'DBBENCH_LOCK_FILE under /proc',
    env: () => ({ DBBENCH_LOCK_FILE: '/proc/x/lock' }),
    args: plain('-b', '^busy$'),
    stderr: /cannot use the measurement lock \/proc\/x\/lock: ENOENT; set DBBENCH_LOCK_FILE/,
  },
  {
    name: 'DBBENCH_LOCK_FILE in a read-only directory',
    unprivileged: true,
    prepare: async ({ dir }) => {
      await openDirectory(dir);
      await readOnlyDirectory(dir, 'read-only');
    },
    env: ({ dir }) => ({ DBBENCH_LOCK_FILE: join(dir, 'read-only', 'lock') }),
    args: ({ dir }) => ['-b', '^busy$', '--out', join(dir, 'open', 'report.json')],
    stderr: /cannot use the measurement lock .*read-only\/lock: EACCES; set DBBENCH_LOCK_FILE/,
  },
  {
    name: 'a suite option variable with a value it does not allow',
    env: () => ({ DBBENCH_TEST_FLAVOUR: 'salty' }),
    args: plain('-b', '^busy$'),
    stderr: /value 'salty' from env 'DBBENCH_TEST_FLAVOUR' is invalid\. Allowed choices are plain, spicy/,
  },
];

/** The `dbbench run` table: each case as a {@link BadInputCase}. */
export function dbbenchRunTable(committedReport: () => string): CaseTable {
  return {
    name: 'dbbench run',
    async prepare({ dir }) {
      await mkdir(join(dir, 'reports'));
      await writeFile(join(dir, 'reports', 'committed.json'), committedReport());
    },
    cases: runCases.map((row): BadInputCase => {
      const suite = row.suite === undefined ? () => SYNTHETIC_SUITE : row.suite;
      return {
        name: row.name,
        bin: BIN,
        args: (scratch) => {
          // Short settings first, so a case's own flag (or a flag missing its value) comes last.
          const args = [...SHORT, ...row.args(scratch)];
          if (!args.includes('--out')) args.push('--out', defaultOut(scratch));
          return ['run', ...(suite === null ? [] : [suite(scratch)]), ...args];
        },
        // Each case has its own lock, inside its scratch directory: a case that got as far as
        // taking it would leave a trace there and fail.
        env: (scratch) => ({ DBBENCH_LOCK_FILE: join(scratch.dir, 'measure.lock'), ...row.env?.(scratch) }),
        ...(row.prepare === undefined ? {} : { prepare: row.prepare }),
        exitCode: row.exitCode ?? 2,
        stderr: row.stderr,
        // The synthetic suite prints this line when its run setup starts (it would obtain a server).
        forbiddenOutput: /setupRun/,
        ...(row.unprivileged === undefined ? {} : { unprivileged: row.unprivileged }),
      };
    }),
  };
}
