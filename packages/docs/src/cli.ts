#!/usr/bin/env node
/**
 * The docs command line: `generate` writes benchmark-docs/ from the reports, `check` fails when
 * the committed docs differ from what the committed reports produce. Run from packages/docs by
 * `npm run docs` / `npm run docs:check` (or `npx turbo run docs`); the repository root is two
 * levels above the package.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkDocs, isCurrent } from './check-docs.js';
import { DocsError } from './docs-error.js';
import { generateDocs } from './generate-docs.js';

const USAGE = `Usage: dbbench-docs <generate|check> [options]

  generate   validate every report, render Markdown and charts, replace the generated files
  check      regenerate into a temp directory and fail when the committed docs differ

Options:
  --root <dir>        repository root (default: two levels above the package)
  --out <dir>         docs directory (default: <root>/benchmark-docs)
  --reports <glob>    report files relative to the root, '*' within a path segment; repeatable
                      (default: packages/*/reports/*.json)
  --baseline <file>   compare with this report instead of git history (matched by suite and
                      database); repeatable
  -h, --help          show this help
Relative --out and --baseline paths are resolved from the current directory.`;

const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

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
  const command = positionals[0];
  if (values.help || command === undefined) {
    console.log(USAGE);
    return command === undefined && !values.help ? 1 : 0;
  }
  if (positionals.length > 1 || (command !== 'generate' && command !== 'check')) {
    throw new DocsError(`Unknown command "${positionals.join(' ')}".\n${USAGE}`);
  }
  const root = path.resolve(values.root ?? path.join(PACKAGE_ROOT, '..', '..'));
  const outDir = path.resolve(values.out ?? path.join(root, 'benchmark-docs'));
  const options = {
    root,
    outDir,
    notesDir: path.join(outDir, 'notes'),
    ...(values.reports ? { reportPatterns: values.reports } : {}),
    ...(values.baseline ? { baselineFiles: values.baseline } : {}),
  };
  const relativeOut = path.relative(process.cwd(), outDir);
  const shownOut = relativeOut === '' ? '.' : relativeOut.startsWith('..') ? outDir : relativeOut;
  if (command === 'generate') {
    const files = await generateDocs(options);
    console.log(
      `Wrote ${files.length} file${files.length === 1 ? '' : 's'} to ${shownOut}/: ${files.join(', ')}`,
    );
    return 0;
  }
  const differences = await checkDocs(options);
  if (isCurrent(differences)) {
    console.log(`${shownOut}/ matches the reports.`);
    return 0;
  }
  const lines = [
    `${shownOut}/ does not match what the reports produce:`,
    ...differences.added.map((file) => `  new:     ${file}`),
    ...differences.changed.map((file) => `  changed: ${file}`),
    ...differences.deleted.map((file) => `  deleted: ${file}`),
    'Run `npx turbo run docs` and commit benchmark-docs/ together with the reports.',
  ];
  console.error(lines.join('\n'));
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Errors a user can cause carry their own advice; anything else is a bug worth its stack.
    const usageError =
      error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    if (error instanceof DocsError || usageError) {
      console.error(`dbbench-docs: ${error.message}${usageError ? '\nRun with --help for usage.' : ''}`);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  },
);
