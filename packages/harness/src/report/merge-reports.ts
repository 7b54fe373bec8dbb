/**
 * `dbbench merge`: shard reports (from `dbbench run --shard k/n`) → one report, as if one run had
 * measured the whole plan. It refuses what would make that untrue: shards of different plans,
 * combinations measured twice or not at all, and — unless allowed — results from different code,
 * servers or machines, whose numbers cannot be read side by side.
 */
import { DbbenchError } from '../define/errors.js';
import { resultKey } from './report-io.js';
import type { DbbenchReport, DbbenchResult } from './report-schema.js';
import { expandPlan, formatShard, type PlannedCombination } from '../plan/shard-plan.js';

/** One shard report and the name to call it by in messages (its path). */
export interface ShardReportInput {
  readonly source: string;
  readonly report: DbbenchReport;
}

/** What a merge produced. */
export interface MergeOutcome {
  /** The merged results in plan order, without their shard records. */
  readonly report: DbbenchReport;
  /** The shards seen, e.g. ["1/3", "2/3", "3/3"]. */
  readonly shards: readonly string[];
  /** Results with status failed (merged as they are: a failure stays a failure). */
  readonly failed: number;
  /** What differed between the reports and was merged anyway (`allowMixed`), e.g. ["git commit"]. */
  readonly mixed: readonly string[];
}

/** How many combinations a refusal names before "and N more". */
const LISTED_COMBINATIONS = 5;

/**
 * Merges shard reports; throws a {@link DbbenchError} with a one-line reason when the shards do not
 * make up exactly one plan, or (without `allowMixed`) come from different environments or code.
 */
export function mergeShardReports(
  inputs: readonly ShardReportInput[],
  options: { readonly allowMixed?: boolean } = {},
): MergeOutcome {
  const results = collectShardResults(inputs);
  const plan = checkSamePlan(results);
  const bySource = checkCoverage(results, plan);
  const differences = environmentDifferences(results);
  if (differences.length > 0 && options.allowMixed !== true) {
    throw new DbbenchError(
      `cannot merge: the reports differ in ${differences.map((difference) => difference.description).join('; and in ')}; run every shard on one commit, server and kind of machine, or pass --allow-mixed`,
    );
  }
  const report = plan.map((combination) => {
    // checkCoverage has found every planned combination.
    const { result } = bySource.get(resultKey(combination)) as SourcedResult;
    // Everything else passes through as it is, histograms included: a shard holds whole
    // combinations, so no result's distributions are spread over shards to be combined.
    const { shard: _shard, ...extension } = result.dbbench;
    return { ...result, dbbench: extension };
  });
  const shards = new Map(results.map(({ result: { dbbench } }) => [dbbench.shard.index, dbbench.shard]));
  return {
    report,
    shards: [...shards.values()].sort((a, b) => a.index - b.index).map(formatShard),
    failed: report.filter((result) => result.dbbench.status === 'failed').length,
    mixed: differences.map((difference) => difference.aspect),
  };
}

/** A result with its shard record present, and the report it came from. */
interface SourcedResult {
  readonly source: string;
  readonly result: DbbenchResult & { dbbench: { shard: NonNullable<DbbenchResult['dbbench']['shard']> } };
}

function collectShardResults(inputs: readonly ShardReportInput[]): SourcedResult[] {
  if (inputs.length === 0) throw new DbbenchError('nothing to merge: name the shard reports');
  const collected: SourcedResult[] = [];
  for (const { source, report } of inputs) {
    if (report.length === 0) throw new DbbenchError(`cannot merge: ${source} holds no results`);
    for (const result of report) {
      const shard = result.dbbench.shard;
      if (shard === undefined) {
        throw new DbbenchError(
          `cannot merge: ${source} holds ${describe(result)}, which no sharded run measured; merge the reports of \`dbbench run --shard k/n\``,
        );
      }
      collected.push({ source, result: { ...result, dbbench: { ...result.dbbench, shard } } });
    }
  }
  return collected;
}

/** Every result must come from a split of the same plan (suite, database, profile, shard count, plan). */
function checkSamePlan(results: readonly SourcedResult[]): PlannedCombination[] {
  const identities = new Map<string, SourcedResult>();
  for (const entry of results) {
    const { suite, database, profile, shard } = entry.result.dbbench;
    const identity = JSON.stringify([suite, database, profile, shard.count, shard.planSize, shard.plan]);
    if (!identities.has(identity)) identities.set(identity, entry);
  }
  const [first, second] = [...identities.values()];
  if (first === undefined) throw new DbbenchError('nothing to merge: name the shard reports');
  if (second !== undefined) {
    throw new DbbenchError(
      `cannot merge: the reports split different plans (${describePlan(first)} in ${first.source}; ${describePlan(second)} in ${second.source}); run every shard with the same suite, options and shard count`,
    );
  }
  return expandPlan(first.result.dbbench.shard.plan);
}

/** Each planned combination exactly once, nothing outside the plan; returns results by key. */
function checkCoverage(
  results: readonly SourcedResult[],
  plan: readonly PlannedCombination[],
): Map<string, SourcedResult> {
  const planned = new Set(plan.map((combination) => resultKey(combination)));
  const byKey = new Map<string, SourcedResult>();
  const overlapping: string[] = [];
  const unplanned: string[] = [];
  for (const entry of results) {
    const key = resultKey(entry.result);
    const earlier = byKey.get(key);
    if (!planned.has(key)) unplanned.push(`${describe(entry.result)} (${entry.source})`);
    else if (earlier !== undefined) {
      overlapping.push(`${describe(entry.result)} (${earlier.source} and ${entry.source})`);
    } else byKey.set(key, entry);
  }
  if (overlapping.length > 0) {
    throw new DbbenchError(
      `cannot merge: ${count(overlapping.length, 'combination')} measured more than once: ${listed(overlapping)}; give each shard's report once`,
    );
  }
  if (unplanned.length > 0) {
    throw new DbbenchError(
      `cannot merge: ${count(unplanned.length, 'result')} outside the shards' plan: ${listed(unplanned)}`,
    );
  }
  const missing = plan.filter((combination) => !byKey.has(resultKey(combination)));
  if (missing.length > 0) {
    throw new DbbenchError(
      `cannot merge: ${missing.length} of ${plan.length} planned combinations are missing: ${listed(missing.map(describe))}; run the missing shards (--resume finishes an interrupted one) and merge again`,
    );
  }
  return byKey;
}

/** One aspect in which results differ, described with the first report showing each value. */
interface Difference {
  readonly aspect: string;
  readonly description: string;
}

/** The aspects that make numbers comparable: the code, the server, the machine. */
const ASPECTS: readonly { readonly name: string; readonly of: (result: DbbenchResult) => string }[] = [
  {
    name: 'git commit',
    of: ({ dbbench: { git } }) => `${git.commit.slice(0, 12)}${git.dirty ? ' (dirty)' : ''}`,
  },
  { name: 'server version', of: ({ dbbench }) => versionsIn(dbbench.runInfo).join(', ') || 'none recorded' },
  {
    name: 'CPU',
    of: ({ dbbench: { environment } }) => `${environment.cpuModel} × ${environment.cores}`,
  },
  { name: 'Node.js', of: ({ dbbench }) => dbbench.environment.node },
];

function environmentDifferences(results: readonly SourcedResult[]): Difference[] {
  const differences: Difference[] = [];
  for (const aspect of ASPECTS) {
    const firstSource = new Map<string, string>();
    for (const { source, result } of results) {
      const value = aspect.of(result);
      if (!firstSource.has(value)) firstSource.set(value, source);
    }
    if (firstSource.size > 1) {
      const values = [...firstSource].map(([value, source]) => `${value} in ${source}`);
      differences.push({ aspect: aspect.name, description: `${aspect.name}: ${values.join(', ')}` });
    }
  }
  return differences;
}

/**
 * Every string under a key named `version` in the suite's run info (e.g. `database.version`): the
 * harness knows no database, so the server version is found by that convention.
 */
function versionsIn(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key === 'version' ? [value] : [];
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => versionsIn(item, key));
  return Object.entries(value).flatMap(([name, item]) => versionsIn(item, name));
}

function describePlan({ result }: SourcedResult): string {
  const { suite, database, profile, shard } = result.dbbench;
  return `${suite} on ${database}, ${profile} profile, ${shard.count} shards of ${shard.planSize} combinations`;
}

/** `pooled.job ss dataSize=1000 partitions=4`. */
function describe(combination: PlannedCombination | DbbenchResult): string {
  const params = Object.entries(combination.params ?? {}).map(([axis, value]) => `${axis}=${value}`);
  return [combination.benchmark, combination.mode, ...params].join(' ');
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, LISTED_COMBINATIONS).join(', ');
  return items.length > LISTED_COMBINATIONS
    ? `${shown} and ${items.length - LISTED_COMBINATIONS} more`
    : shown;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
