/**
 * `dbbench merge <reports…> -o <file> [--allow-mixed]`: the command-line side of
 * {@link mergeShardReports}: read and validate the shard reports, merge, write atomically.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { mergeShardReports } from '../report/merge-reports.js';
import { redactReportCredentials } from '../report/redact-credentials.js';
import { readReport, writeReportAtomic } from '../report/report-io.js';

/** What `dbbench merge` was asked to do. */
export interface MergeRequest {
  readonly reports: readonly string[];
  readonly out: string;
  readonly allowMixed: boolean;
}

/** Adds the `merge` command to `program`; `onMerge` receives the parsed request. */
export function addMergeCommand(program: Command, onMerge: (request: MergeRequest) => void): void {
  program
    .command('merge')
    .description('merge the reports of `dbbench run --shard k/n` into one report of the whole plan')
    .argument('<reports...>', 'shard reports, e.g. reports/postgres.shard-*-of-3.json')
    .requiredOption('-o, --out <file>', 'the merged report (written atomically, replaced if present)')
    .option('--allow-mixed', 'merge reports from different commits, servers or machines')
    .exitOverride()
    .configureOutput({ outputError: () => undefined })
    .action((reports: string[], flags: { out: string; allowMixed?: boolean }) =>
      onMerge({ reports, out: flags.out, allowMixed: flags.allowMixed === true }),
    );
}

/** Runs a merge; resolves to the exit code. Refusals throw `DbbenchError`s (exit 1, one line). */
export async function runMerge(
  request: MergeRequest,
  output: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const inputs = [];
  // Reports nobody here wrote may carry a connection string: merged output never repeats a password.
  for (const path of request.reports)
    inputs.push({ source: path, report: redactReportCredentials(await readReport(path)) });
  const outcome = mergeShardReports(inputs, { allowMixed: request.allowMixed });
  const outPath = resolve(request.out);
  await writeReportAtomic(outPath, outcome.report);
  if (outcome.mixed.length > 0) {
    output.write(
      `# --allow-mixed: merged despite different ${outcome.mixed.join(', ')}; each result keeps its own environment and commit\n`,
    );
  }
  if (outcome.failed > 0)
    output.write(`# ${outcome.failed} of the merged combinations failed (status "failed")\n`);
  output.write(
    `merged ${outcome.report.length} combinations from ${inputs.length} report(s) (shards ${outcome.shards.join(', ')}) into ${outPath}\n`,
  );
  return 0;
}
