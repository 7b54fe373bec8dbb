#!/usr/bin/env node
/**
 * The docs command line: `generate` writes benchmark-docs/ from the reports, `check` fails when
 * the committed docs differ from what the committed reports produce. Run by `npx turbo run docs`
 * / `docs:check` (from packages/docs) or as `npx dbbench-docs` from anywhere in the repository.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocs, isCurrent, type DocsDifferences } from './check-docs.js';
import { describeCliError, usageError } from './cli-errors.js';
import { DocsError } from './docs-error.js';
import { shownPath } from './find-reports.js';
import { generateDocs } from './generate-docs.js';
import { gitTopLevel, isGitRoot, isShallowRepository } from './git-baseline.js';

const USAGE = `Usage: dbbench-docs <generate|check> [options]

  generate   validate every report, render Markdown and charts, replace the generated files
  check      render without writing, and fail (exit 1) when the committed docs differ

Options:
  --root <dir>        repository root (default: the top of the git work tree around the
                      current directory, else the current directory)
  --out <dir>         docs directory (default: benchmark-docs)
  --reports <glob>    report files, '*' and '?' within one folder name; repeatable; each must
                      match a file (default: packages/*/reports/*.json)
  --baseline <file>   compare with this report instead of git history (matched by suite and
                      database, or for plain JMH by shared benchmarks); repeatable
  -h, --help          show this help

Relative --out, --reports and --baseline paths are resolved against --root, wherever the command
runs. Exit codes: 0 done or current, 1 docs differ or could not be written, 2 bad arguments or
input (nothing is written then).`;

/** How many differing files `check` lists before summing up the rest. */
const LISTED_DIFFERENCES = 10;

const SHALLOW_ADVICE =
  'Run `git fetch --unshallow` (in CI: `fetch-depth: 0` on actions/checkout), then run the check again.';

async function defaultRoot(): Promise<string> {
  return (await gitTopLevel(process.cwd())) ?? process.cwd();
}

async function requireDirectory(directory: string): Promise<void> {
  let isDirectory = false;
  try {
    isDirectory = (await stat(directory)).isDirectory();
  } catch {
    throw new DocsError(`--root ${directory} does not exist. Give the repository that holds the reports.`);
  }
  if (!isDirectory)
    throw new DocsError(
      `--root ${directory} is a file, not a directory. Give the repository that holds the reports.`,
    );
}

function nonEmpty(name: string, values: readonly string[] | undefined): void {
  if (values?.some((value) => value.trim() === ''))
    throw usageError(`--${name} needs a value, got an empty one.`);
}

function differenceLines(shownOut: string, differences: DocsDifferences): string[] {
  const all = [
    ...differences.added.map((file) => `  new:     ${file}`),
    ...differences.changed.map((file) => `  changed: ${file}`),
    ...differences.deleted.map((file) => `  deleted: ${file}`),
  ];
  const more = all.length - LISTED_DIFFERENCES;
  return [
    `${shownOut}/ does not match what the reports produce:`,
    ...all.slice(0, LISTED_DIFFERENCES),
    ...(more > 0 ? [`  … and ${more} more`] : []),
    'Run `npx turbo run docs` and commit the docs together with the reports.',
  ];
}

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      out: { type: 'string' },
      reports: { type: 'string', multiple: true },
      baseline: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, ...extra] = positionals;
  if (command === undefined) throw usageError('Missing command: generate or check.');
  if (command !== 'generate' && command !== 'check') {
    throw usageError(`Unknown command "${command}" (expected generate or check).`);
  }
  if (extra.length > 0) throw usageError(`Unexpected argument "${extra.join(' ')}" after ${command}.`);
  for (const name of ['root', 'out'] as const)
    nonEmpty(name, values[name] === undefined ? undefined : [values[name]]);
  nonEmpty('reports', values.reports);
  nonEmpty('baseline', values.baseline);

  const root = values.root === undefined ? await defaultRoot() : path.resolve(values.root);
  await requireDirectory(root);
  const outDir = path.resolve(root, values.out ?? 'benchmark-docs');
  const options = {
    root,
    outDir,
    ...(values.reports ? { reportPatterns: values.reports } : {}),
    ...(values.baseline ? { baselineFiles: values.baseline } : {}),
  };
  const shownOut = shownPath(root, outDir);
  const shallow =
    values.baseline === undefined && (await isGitRoot(root)) && (await isShallowRepository(root));

  if (command === 'generate') {
    const result = await generateDocs(options);
    const pages = result.written.filter((file) => file.endsWith('.md')).length;
    // A handful of removed files is worth naming; a layout change removes dozens.
    const removed =
      result.removed.length > 0
        ? `; removed ${result.removed.length} stale${result.removed.length <= 5 ? `: ${result.removed.join(', ')}` : ' generated files'}`
        : '';
    console.log(
      `Wrote ${pages} pages and ${result.written.length - pages} chart files to ${shownOut}/${removed}.`,
    );
    if (shallow) {
      console.error(
        `dbbench-docs: warning: this is a shallow clone, so comparisons with earlier reports may be missing.\n${SHALLOW_ADVICE}`,
      );
    }
    return 0;
  }
  const differences = await checkDocs(options);
  if (isCurrent(differences)) {
    console.log(`${shownOut}/ matches the reports.`);
    return 0;
  }
  if (shallow) {
    // The baseline of each report lies in git history a shallow clone does not have: the pages
    // differ because of the clone, not because the docs are stale.
    throw new DocsError(
      `Cannot check ${shownOut}/ in a shallow clone: the comparison with earlier reports needs their git history.\n${SHALLOW_ADVICE}`,
    );
  }
  console.error(differenceLines(shownOut, differences).join('\n'));
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const failure = describeCliError(error, process.env['DBBENCH_DEBUG'] === '1');
    console.error(failure.lines.join('\n'));
    process.exitCode = failure.exitCode;
  },
);
