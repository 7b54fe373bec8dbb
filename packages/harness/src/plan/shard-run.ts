/**
 * The file side of `dbbench run --shard k/n`: the split is weighted by the durations in the report
 * the run would otherwise update (which no shard writes to, so every shard sees the same durations),
 * and each shard writes its own report beside it, holding only that shard's combinations.
 */
import { rm } from 'node:fs/promises';
import { readReportIfExists, resultKey, writeReportAtomic } from '../report/report-io.js';
import type { ShardRecord } from '../report/report-schema.js';
import type { SuiteDefinition } from '../define/definition.js';
import type { Combination } from './run-plan.js';
import { plannedGroups } from './question-plan.js';
import {
  combinationKey,
  formatShard,
  selectShard,
  type ShardSelection,
  type ShardSpec,
} from './shard-plan.js';
import { formatClock } from '../session/run-progress.js';

/**
 * Selects shard `spec` of `plan`, weighted by the durations recorded in `durationsPath` (if any); the
 * combinations a question compares stay together on one shard.
 */
export async function planShardRun(
  suite: SuiteDefinition,
  plan: readonly Combination[],
  spec: ShardSpec,
  durationsPath: string | undefined,
): Promise<ShardSelection> {
  const durations = durationsPath === undefined ? undefined : await readReportIfExists(durationsPath);
  return selectShard(suite.name, plan, spec, durations ?? [], plannedGroups(suite, plan));
}

/** One line: which shard, how many combinations, and what the split was weighted by. */
export function describeShard(selection: ShardSelection): string {
  const { record, combinations, estimatedMs } = selection;
  const weighted =
    estimatedMs === undefined
      ? 'split by count (no recorded durations)'
      : `split by recorded durations: about ${formatClock(estimatedMs.shard)} here, ${formatClock(estimatedMs.heaviestShard)} in the longest shard`;
  return `# Shard ${formatShard(record)}: ${combinations.length} of ${record.planSize} combinations, ${weighted}`;
}

/**
 * Drops results from a shard report that are not this shard's combinations of this plan (left by an
 * earlier split), so the shard report merges cleanly; with nothing left the file is removed.
 */
export async function keepOnlyShardResults(
  path: string,
  suiteName: string,
  selection: ShardSelection,
  log: (message: string) => void,
): Promise<void> {
  const report = await readReportIfExists(path);
  if (report === undefined) return;
  const keys = new Set(selection.combinations.map((combination) => combinationKey(suiteName, combination)));
  const kept = report.filter(
    (result) => keys.has(resultKey(result)) && sameShard(result.dbbench.shard, selection.record),
  );
  if (kept.length === report.length) return;
  log(
    `dropping ${report.length - kept.length} result(s) from ${path} that are not part of this shard of this plan`,
  );
  if (kept.length === 0) await rm(path, { force: true });
  else await writeReportAtomic(path, kept);
}

function sameShard(recorded: ShardRecord | undefined, current: ShardRecord): boolean {
  return recorded !== undefined && JSON.stringify(recorded) === JSON.stringify(current);
}
