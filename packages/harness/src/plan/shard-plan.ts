/**
 * `--shard k/n`: which combinations of a plan shard k runs, and how a shard's results describe the
 * whole plan so `dbbench merge` can check that the shards fit together. The split is deterministic:
 * the same plan and the same recorded durations give every machine the same shards.
 */
import { basename, dirname, extname, join } from 'node:path';
import { usageError } from '../define/errors.js';
import { resultKey } from '../report/report-io.js';
import type { DbbenchReport, PlanSection, ShardRecord } from '../report/report-schema.js';
import type { Combination } from './run-plan.js';
import { balanceShards } from './shard-balance.js';

/** `--shard k/n`: run part `index` (from 1) of `count`. */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/** One combination as a report names it. */
export interface PlannedCombination {
  readonly benchmark: string;
  readonly mode: string;
  readonly params: Readonly<Record<string, string>>;
}

/** What shard k of a plan runs, and what its results record. */
export interface ShardSelection {
  /** This shard's combinations, in plan order. */
  readonly combinations: Combination[];
  /** Goes into every result of the shard (`dbbench.shard`). */
  readonly record: ShardRecord;
  /** `duration` when recorded durations weighted the split, `count` when none were known. */
  readonly balancedBy: 'duration' | 'count';
  /** Estimated milliseconds of this shard and of the heaviest shard (`balancedBy: 'duration'` only). */
  readonly estimatedMs?: { readonly shard: number; readonly heaviestShard: number };
}

/** Parses `k/n`; throws a usage error unless 1 ≤ k ≤ n. */
export function parseShardSpec(value: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw usageError(`--shard ${value}: expected k/n with 1 ≤ k ≤ n, e.g. --shard 2/3`);
  }
  return { index, count };
}

/** `k/n`, as the user writes it. */
export function formatShard(spec: ShardSpec): string {
  return `${spec.index}/${spec.count}`;
}

/** `reports/postgres.json` → `reports/postgres.shard-2-of-3.json`: each shard writes its own report. */
export function shardReportPath(outPath: string, spec: ShardSpec): string {
  const extension = extname(outPath) || '.json';
  return join(
    dirname(outPath),
    `${basename(outPath, extname(outPath))}.shard-${spec.index}-of-${spec.count}${extension}`,
  );
}

/** The identity of a combination in a report ({@link resultKey} of its qualified name, mode and params). */
export function combinationKey(suiteName: string, combination: Combination): string {
  return resultKey({
    benchmark: `${suiteName}.${combination.benchmarkName}`,
    mode: combination.mode,
    params: combination.params,
  });
}

/**
 * Splits `plan` into `spec.count` shards and returns shard `spec.index`. Each combination weighs its
 * `dbbench.elapsedMs` in `durations` (the report the run would update, as it was before any shard
 * ran); one without a recorded duration weighs the mean of those with one; with none at all every
 * combination weighs the same, a split by count. Failed results' durations are not used: a
 * combination that failed early says nothing about how long it takes. `groups` (plan indexes) stay
 * on one shard each: the combinations a declared question compares (see `session/question-plan.ts`).
 */
export function selectShard(
  suiteName: string,
  plan: readonly Combination[],
  spec: ShardSpec,
  durations: DbbenchReport = [],
  groups: readonly (readonly number[])[] = plan.map((_, index) => [index]),
): ShardSelection {
  const recorded = new Map<string, number>();
  for (const result of durations) {
    const elapsedMs = result.dbbench.elapsedMs;
    if (result.dbbench.status === 'ok' && elapsedMs !== undefined && elapsedMs >= 0)
      recorded.set(resultKey(result), elapsedMs);
  }
  const keys = plan.map((combination) => combinationKey(suiteName, combination));
  const known = keys.flatMap((key) => {
    const elapsedMs = recorded.get(key);
    return elapsedMs === undefined ? [] : [elapsedMs];
  });
  const balancedBy = known.length > 0 ? 'duration' : 'count';
  const fallbackMs = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : 1;
  const weights = keys.map((key) => recorded.get(key) ?? fallbackMs);
  // A question's combinations are one unit: its ratio must never compare two machines.
  const groupShard = balanceShards(
    groups.map((group) => ({
      key: keys[group[0] ?? 0] ?? '',
      weight: group.reduce((sum, index) => sum + (weights[index] ?? fallbackMs), 0),
    })),
    spec.count,
  );
  const shardOf = new Array<number>(plan.length).fill(0);
  groups.forEach((group, groupIndex) => {
    for (const index of group) shardOf[index] = groupShard[groupIndex] ?? 0;
  });
  const totals = new Array<number>(spec.count).fill(0);
  shardOf.forEach((shard, index) => (totals[shard] = (totals[shard] ?? 0) + (weights[index] ?? 0)));
  return {
    combinations: plan.filter((_, index) => shardOf[index] === spec.index - 1),
    record: {
      index: spec.index,
      count: spec.count,
      planSize: plan.length,
      plan: describePlan(suiteName, plan),
    },
    balancedBy,
    ...(balancedBy === 'duration'
      ? { estimatedMs: { shard: totals[spec.index - 1] ?? 0, heaviestShard: Math.max(...totals) } }
      : {}),
  };
}

/**
 * The plan in compact form: one section per benchmark and mode, with the values of each axis in
 * first-seen order. Throws when a section is not the full cartesian product of its values (the
 * matrix expansion always produces products; anything else could not be described this way).
 */
export function describePlan(suiteName: string, plan: readonly Combination[]): PlanSection[] {
  const sections = new Map<string, { section: PlanSection; size: number }>();
  for (const combination of plan) {
    const benchmark = `${suiteName}.${combination.benchmarkName}`;
    const id = JSON.stringify([benchmark, combination.mode]);
    let entry = sections.get(id);
    if (entry === undefined) {
      entry = { section: { benchmark, mode: combination.mode, params: {} }, size: 0 };
      sections.set(id, entry);
    }
    entry.size++;
    for (const [axis, value] of Object.entries(combination.params)) {
      const values = (entry.section.params[axis] ??= []);
      if (!values.includes(value)) values.push(value);
    }
  }
  const described = [...sections.values()].map((entry) => entry.section);
  const expanded = new Set(expandPlan(described).map((combination) => resultKey(combination)));
  const planned = new Set(plan.map((combination) => combinationKey(suiteName, combination)));
  if (expanded.size !== planned.size || [...planned].some((key) => !expanded.has(key))) {
    throw new Error('the plan is not a product of axis values per benchmark and mode');
  }
  return described;
}

/** Every combination of a described plan, in the order the matrix expansion produces them. */
export function expandPlan(sections: readonly PlanSection[]): PlannedCombination[] {
  const combinations: PlannedCombination[] = [];
  for (const section of sections) {
    let product: Record<string, string>[] = [{}];
    for (const [axis, values] of Object.entries(section.params)) {
      product = product.flatMap((partial) => values.map((value) => ({ ...partial, [axis]: value })));
    }
    for (const params of product)
      combinations.push({ benchmark: section.benchmark, mode: section.mode, params });
  }
  return combinations;
}
