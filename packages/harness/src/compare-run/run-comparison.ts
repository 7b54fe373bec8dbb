/**
 * `dbbench compare`: the baseline and the candidate measured on this machine, against one server,
 * with forks interleaved in time; then the fork-level comparison (hierarchical bootstrap, fork-level
 * t-test, Benjamini–Hochberg, noise threshold) and, with `--auto`, more fork pairs for the results
 * whose interval still straddles the threshold. The candidate's harness runs both sides' forks: what
 * is compared is the code under test, measured the same way.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { planNextForks } from '../compare/adaptive-sampling.js';
import { compareResults, type CompareOptions } from '../compare/compare-results.js';
import type { Comparison, ComparisonContext } from '../compare/model.js';
import { pairReports } from '../compare/report-pairs.js';
import type { IterationSettings, RunSetup, SuiteDefinition } from '../definition.js';
import { collectEnvironment } from '../environment.js';
import { acquireMeasurementLock } from '../measurement-lock.js';
import { writeReportAtomic } from '../report-io.js';
import type { DbbenchResult } from '../report-schema.js';
import { buildResult, type RunMetadata } from '../result-builder.js';
import { expandMatrix, type Combination, type PlanOptions } from '../run-plan.js';
import { benchmarkIterations, resolveSettings, type ResolvedSettings } from '../settings.js';
import { defaultUnit } from '../units.js';
import type { Checkout } from './checkout.js';
import {
  randomFirstSide,
  runForkPairs,
  type ForkRole,
  type ForkSide,
  type PairedOutcomes,
} from './interleaved-forks.js';

/** One suite module on both sides. */
export interface ComparedSuite {
  readonly baseline: ForkSide & { readonly checkout: Checkout };
  readonly candidate: ForkSide & { readonly checkout: Checkout };
}

/** Everything a comparison run needs; the CLI builds it from flags. */
export interface ComparisonRunOptions {
  readonly suites: readonly ComparedSuite[];
  readonly plan: PlanOptions;
  readonly cliSettings: IterationSettings;
  /** Forks per side in the first round. */
  readonly forks: number;
  /** `--auto`: add fork pairs to unresolved results until they resolve or the budget is spent. */
  readonly auto: boolean;
  readonly budgetMs: number;
  readonly maxForksPerSide: number;
  readonly compare: CompareOptions;
  readonly suiteOptions: Readonly<Record<string, string | undefined>>;
  readonly profilers: readonly string[];
  readonly signal?: AbortSignal;
  /** Where to keep both sides' reports (JMH JSON), if anywhere. */
  readonly reportsDir?: string;
  log(message: string): void;
}

/** What a comparison run produced. */
export interface ComparisonRun {
  readonly comparison: Comparison;
  readonly baseline: readonly DbbenchResult[];
  readonly candidate: readonly DbbenchResult[];
  /** Labels of results `--auto` left unresolved when it stopped. */
  readonly unresolved: readonly string[];
  readonly interrupted: boolean;
}

interface CombinationState {
  readonly combination: Combination;
  readonly settings: ResolvedSettings;
  readonly outcomes: PairedOutcomes;
  /** Drawn once per combination, so `--auto`'s later pairs continue its alternation. */
  readonly firstSide: ForkRole;
}

function settingsFor(
  suite: SuiteDefinition,
  combination: Combination,
  options: ComparisonRunOptions,
): ResolvedSettings {
  return resolveSettings(
    suite.iterations,
    benchmarkIterations(combination.benchmark.iterations, combination.params),
    options.plan.quick === true ? suite.quick?.iterations : undefined,
    options.cliSettings,
  );
}

function metadataFor(
  suite: SuiteDefinition,
  checkout: Checkout,
  setup: RunSetup | undefined,
  quick: boolean,
): RunMetadata {
  return {
    suite: suite.name,
    database: suite.database,
    profile: quick ? 'quick' : 'default',
    environment: collectEnvironment(),
    git: { commit: checkout.commit, dirty: checkout.dirty },
    runInfo: setup?.info ?? {},
  };
}

/** Both sides' results of one suite, from the forks run so far. */
function buildSideResults(
  compared: ComparedSuite,
  states: readonly CombinationState[],
  setup: RunSetup | undefined,
  quick: boolean,
): { baseline: DbbenchResult[]; candidate: DbbenchResult[] } {
  const build = (role: 'baseline' | 'candidate'): DbbenchResult[] => {
    const side = compared[role];
    const metadata = metadataFor(side.suite, side.checkout, setup, quick);
    return states
      .filter((state) => state.outcomes[role].length > 0)
      .map((state) => {
        const unit = state.combination.benchmark.unit ?? defaultUnit(state.combination.mode);
        const benchmark =
          side.suite.benchmarks[state.combination.benchmarkName] ?? state.combination.benchmark;
        return buildResult(
          {
            combination: { ...state.combination, benchmark },
            settings: state.settings,
            unit,
            forks: state.outcomes[role].length,
            forkOutcomes: state.outcomes[role],
          },
          metadata,
        );
      });
  };
  return { baseline: build('baseline'), candidate: build('candidate') };
}

function compareSides(
  baseline: readonly DbbenchResult[],
  candidate: readonly DbbenchResult[],
  context: ComparisonContext,
  options: CompareOptions,
): Comparison {
  const results = pairReports(baseline, candidate, {
    deterministicCounters: (result) => result.dbbench?.deterministicCounters ?? [],
  });
  return compareResults({ results, context }, options);
}

function contextFor(suites: readonly ComparedSuite[], databases: readonly string[]): ComparisonContext {
  const environment = collectEnvironment();
  const first = suites[0];
  return {
    machine: `${environment.cpuModel}, ${environment.cores} cores, ${Math.round(environment.memoryBytes / 2 ** 30)} GiB, Node ${environment.node}`,
    ...(first === undefined
      ? {}
      : {
          baseline: {
            commit: first.baseline.checkout.commit.slice(0, 12),
            label: first.baseline.checkout.label,
          },
          candidate: {
            commit: first.candidate.checkout.commit.slice(0, 12),
            label: first.candidate.checkout.label,
            dirty: first.candidate.checkout.dirty,
          },
        }),
    ...(databases.length === 0 ? {} : { database: databases.join('; ') }),
  };
}

/** Runs one suite's comparison against its own server; returns its results. */
async function compareSuite(
  compared: ComparedSuite,
  options: ComparisonRunOptions,
  deadline: number,
): Promise<{
  baseline: DbbenchResult[];
  candidate: DbbenchResult[];
  unresolved: string[];
  database?: string;
}> {
  const { candidate, baseline } = compared;
  const combinations = expandMatrix(candidate.suite, options.plan);
  const quick = options.plan.quick === true;
  options.log(
    `compare: ${candidate.suite.name} on ${candidate.suite.database}: ${combinations.length} combinations × ${options.forks} forks per side, interleaved`,
  );
  const setup = await candidate.suite.setupRun?.(options.suiteOptions, (message) => options.log(message), {
    combinations: combinations.map((combination) => ({
      benchmark: combination.benchmarkName,
      params: combination.params,
    })),
    concurrentForks: 1,
  });
  const unresolved: string[] = [];
  try {
    const states: CombinationState[] = combinations.map((combination) => ({
      combination,
      settings: settingsFor(candidate.suite, combination, options),
      outcomes: { baseline: [], candidate: [] },
      firstSide: randomFirstSide(),
    }));
    const runPairs = async (state: CombinationState, pairs: number): Promise<void> => {
      const params = Object.entries(state.combination.params)
        .map(([axis, value]) => `${axis}=${value}`)
        .join(' ');
      options.log(`${candidate.suite.name}.${state.combination.benchmarkName} ${params}`.trimEnd());
      await runForkPairs(
        { baseline, candidate },
        pairs,
        {
          combination: state.combination,
          settings: state.settings,
          unit: state.combination.benchmark.unit ?? defaultUnit(state.combination.mode),
          runContext: setup?.context ?? null,
          profilers: options.profilers,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          firstSide: state.firstSide,
          log: (message: string) => options.log(message),
        },
        state.outcomes,
      );
    };
    for (const state of states) {
      if (options.signal?.aborted) break;
      await runPairs(state, options.forks);
    }
    let sides = buildSideResults(compared, states, setup, quick);
    while (options.auto && options.signal?.aborted !== true) {
      const comparison = compareSides(sides.baseline, sides.candidate, {}, options.compare);
      const decision = planNextForks(comparison, { maxForksPerSide: options.maxForksPerSide });
      const labelOf = (index: number): string => {
        const identity = comparison.results[index]?.identity;
        return identity === undefined ? '?' : `${identity.benchmark} ${JSON.stringify(identity.params)}`;
      };
      unresolved.splice(0, unresolved.length, ...decision.exhausted.map(labelOf));
      if (decision.needMore.length === 0) break;
      if (Date.now() >= deadline) {
        unresolved.push(...decision.needMore.map(labelOf));
        options.log(
          `compare --auto: the budget is spent with ${decision.needMore.length} result(s) unresolved`,
        );
        break;
      }
      options.log(
        `compare --auto: ${decision.needMore.length} result(s) unresolved, one more fork pair each`,
      );
      for (const index of decision.needMore) {
        const identity = comparison.results[index]?.identity;
        const state = states.find(
          (candidateState) =>
            candidateState.combination.benchmarkName === identity?.benchmark &&
            candidateState.combination.mode === identity.mode &&
            JSON.stringify(candidateState.combination.params) === JSON.stringify(identity.params),
        );
        if (state !== undefined && Date.now() < deadline) await runPairs(state, 1);
      }
      sides = buildSideResults(compared, states, setup, quick);
    }
    return {
      ...sides,
      unresolved,
      ...(setup?.description === undefined ? {} : { database: setup.description }),
    };
  } finally {
    await setup?.dispose();
  }
}

/** Runs the whole comparison (every suite in turn, one measuring run on this machine at a time). */
export async function runComparison(options: ComparisonRunOptions): Promise<ComparisonRun> {
  const release = await acquireMeasurementLock((message) => options.log(message), options.signal);
  const baseline: DbbenchResult[] = [];
  const candidate: DbbenchResult[] = [];
  const unresolved: string[] = [];
  const databases: string[] = [];
  const deadline = Date.now() + options.budgetMs;
  try {
    for (const compared of options.suites) {
      if (options.signal?.aborted) break;
      const outcome = await compareSuite(compared, options, deadline);
      baseline.push(...outcome.baseline);
      candidate.push(...outcome.candidate);
      unresolved.push(...outcome.unresolved);
      if (outcome.database !== undefined) databases.push(outcome.database);
    }
  } finally {
    await release();
  }
  if (options.reportsDir !== undefined) {
    await mkdir(options.reportsDir, { recursive: true });
    await writeReportAtomic(join(options.reportsDir, 'baseline.json'), baseline);
    await writeReportAtomic(join(options.reportsDir, 'candidate.json'), candidate);
  }
  const comparison = compareSides(
    baseline,
    candidate,
    contextFor(options.suites, databases),
    options.compare,
  );
  return { comparison, baseline, candidate, unresolved, interrupted: options.signal?.aborted === true };
}
