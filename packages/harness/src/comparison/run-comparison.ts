/**
 * `dbbench compare`: the baseline and the candidate measured on this machine, against one server,
 * with forks interleaved in time; then the fork-level comparison (hierarchical bootstrap, fork-level
 * t-test, Benjamini–Hochberg, noise threshold) and, with `--auto`, more fork pairs for the results
 * whose interval still straddles the threshold. Each suite is measured in one measurement session
 * (the same as `run`'s: lock, server, forks); the candidate's harness runs both sides' forks, so what
 * is compared is the code under test, measured the same way.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { planNextForks } from '../compare/adaptive-sampling.js';
import { compareResults, type CompareOptions } from '../compare/compare-results.js';
import type { Comparison, ComparisonContext } from '../compare/model.js';
import { pairReports } from '../compare/report-pairs.js';
import type { IterationSettings } from '../define/definition.js';
import { collectEnvironment } from '../report/environment.js';
import { writeReportAtomic } from '../report/report-io.js';
import type { DbbenchResult } from '../report/report-schema.js';
import { buildResult, type RunMetadata } from '../report/result-builder.js';
import { runMetadata } from '../report/run-metadata.js';
import { expandMatrix, type Combination, type PlanOptions } from '../plan/run-plan.js';
import { combinationSettings, combinationUnit, type ResolvedSettings } from '../plan/settings.js';
import {
  MAX_ROUND_FORKS,
  withMeasurementSession,
  type MeasurementSession,
} from '../session/measurement-session.js';
import {
  runPlannedForks,
  type ForkPlanner,
  type PlannedFork,
  type PlannedRound,
} from '../session/sampling-loop.js';
import type { Checkout } from './checkout.js';
import {
  nextPairRoles,
  randomFirstSide,
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
  /**
   * The round of each fork in {@link outcomes}, per side: both forks of a pair share it (they took
   * turns in it, or ran back to back when the server holds one fork at a time), so the comparison
   * is made over the pairs.
   */
  readonly rounds: Record<ForkRole, string[]>;
}

/** Both sides' results of one suite, from the forks run so far. */
function buildSideResults(
  compared: ComparedSuite,
  states: readonly CombinationState[],
  metadata: Readonly<Record<ForkRole, RunMetadata>>,
): { baseline: DbbenchResult[]; candidate: DbbenchResult[] } {
  const build = (role: ForkRole): DbbenchResult[] => {
    const side = compared[role];
    return states
      .filter((state) => state.outcomes[role].length > 0)
      .map((state) => {
        const benchmark =
          side.suite.benchmarks[state.combination.benchmarkName] ?? state.combination.benchmark;
        const result = buildResult(
          {
            combination: { ...state.combination, benchmark },
            settings: state.settings,
            unit: combinationUnit(state.combination),
            forks: state.outcomes[role].length,
            forkOutcomes: state.outcomes[role],
          },
          metadata[role],
        );
        return { ...result, dbbench: { ...result.dbbench, forkRounds: [...state.rounds[role]] } };
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

/**
 * The comparison's planner for one suite: every combination's first `forks` pairs in turn (A B, B A,
 * …, the opening side drawn per combination), then with `--auto` one more pair for each result whose
 * change is unresolved, round after round, until each resolves, reaches the fork limit or the budget
 * is spent.
 */
/** Fork pairs of one combination waiting to run. */
interface QueuedPairs {
  readonly state: CombinationState;
  pairs: number;
  /** Queued by `--auto` (runs only within the budget). */
  readonly auto: boolean;
  /** Its combination's progress line is printed. */
  logged: boolean;
}

class ComparisonPlanner implements ForkPlanner {
  readonly #compared: ComparedSuite;
  readonly #states: readonly CombinationState[];
  readonly #options: ComparisonRunOptions;
  readonly #deadline: number;
  readonly #metadata: Readonly<Record<ForkRole, RunMetadata>>;
  /** Most forks that may take turns together (the server's `roundForks`). */
  readonly #roundForks: number;
  /** Pairs still to run, in order: the first pass, then each `--auto` round. */
  #queue: QueuedPairs[];
  readonly unresolved: string[] = [];
  /** Round names are `<runId>-<n>`, unique to this comparison, so forks of two runs never pair. */
  readonly #runId = randomBytes(4).toString('hex');
  #rounds = 0;

  constructor(
    compared: ComparedSuite,
    states: readonly CombinationState[],
    options: ComparisonRunOptions,
    deadline: number,
    metadata: Readonly<Record<ForkRole, RunMetadata>>,
    roundForks: number,
  ) {
    this.#roundForks = roundForks;
    this.#compared = compared;
    this.#states = states;
    this.#options = options;
    this.#deadline = deadline;
    this.#metadata = metadata;
    this.#queue = states.map((state) => ({ state, pairs: options.forks, auto: false, logged: false }));
  }

  /** Both sides' results from the forks run so far. */
  results(): { baseline: DbbenchResult[]; candidate: DbbenchResult[] } {
    return buildSideResults(this.#compared, this.#states, this.#metadata);
  }

  next(): readonly PlannedRound[] | undefined {
    for (;;) {
      const head = this.#queue[0];
      if (head === undefined) {
        if (!this.#nextAutoRound()) return undefined;
        continue;
      }
      // `--auto`'s pairs start only within the budget; the first pass always completes.
      if (head.auto && Date.now() >= this.#deadline) {
        this.#queue.shift();
        continue;
      }
      if (!head.logged) this.#logCombination(head.state);
      head.logged = true;
      head.pairs -= 1;
      if (head.pairs <= 0) this.#queue.shift();
      const { state } = head;
      const roles = nextPairRoles(
        this.#compared,
        state.outcomes,
        state.combination.benchmarkName,
        state.firstSide,
      );
      if (roles.length === 0) continue;
      const round = `${this.#runId}-${this.#rounds++}`;
      const pair = roles.map((role) => this.#plannedFork(state, role, round));
      // The pair takes turns (a duet) when the server holds both forks' pools at once.
      return this.#roundForks >= 2 ? [pair] : pair.map((fork) => [fork]);
    }
  }

  #logCombination(state: CombinationState): void {
    const params = Object.entries(state.combination.params)
      .map(([axis, value]) => `${axis}=${value}`)
      .join(' ');
    this.#options.log(
      `${this.#compared.candidate.suite.name}.${state.combination.benchmarkName} ${params}`.trimEnd(),
    );
  }

  /** Queues `--auto`'s next round; false when there is none. */
  #nextAutoRound(): boolean {
    const options = this.#options;
    if (!options.auto) return false;
    const sides = this.results();
    const comparison = compareSides(sides.baseline, sides.candidate, {}, options.compare);
    const decision = planNextForks(comparison, { maxForksPerSide: options.maxForksPerSide });
    const labelOf = (index: number): string => {
      const identity = comparison.results[index]?.identity;
      return identity === undefined ? '?' : `${identity.benchmark} ${JSON.stringify(identity.params)}`;
    };
    this.unresolved.splice(0, this.unresolved.length, ...decision.exhausted.map(labelOf));
    if (decision.needMore.length === 0) return false;
    if (Date.now() >= this.#deadline) {
      this.unresolved.push(...decision.needMore.map(labelOf));
      options.log(
        `compare --auto: the budget is spent with ${decision.needMore.length} result(s) unresolved`,
      );
      return false;
    }
    options.log(`compare --auto: ${decision.needMore.length} result(s) unresolved, one more fork pair each`);
    for (const index of decision.needMore) {
      const identity = comparison.results[index]?.identity;
      const state = this.#states.find(
        (candidate) =>
          candidate.combination.benchmarkName === identity?.benchmark &&
          candidate.combination.mode === identity.mode &&
          JSON.stringify(candidate.combination.params) === JSON.stringify(identity.params),
      );
      if (state !== undefined) this.#queue.push({ state, pairs: 1, auto: true, logged: false });
    }
    return this.#queue.length > 0;
  }

  #plannedFork(state: CombinationState, role: ForkRole, round: string): PlannedFork {
    const side = this.#compared[role];
    const fork = state.outcomes[role].length;
    return {
      fork: {
        suiteModule: side.suiteModule,
        combination: state.combination,
        settings: state.settings,
        unit: combinationUnit(state.combination),
        fork,
        profilers: this.#options.profilers,
        onLog: (message) => this.#options.log(message),
      },
      record: (outcome) => {
        state.outcomes[role].push(outcome);
        state.rounds[role].push(round);
        const measured = outcome.iterations.filter((iteration) => !iteration.warmup).length;
        this.#options.log(
          `  fork ${fork + 1} ${role}: ${outcome.failure === undefined ? `${measured} iterations` : `failed in ${outcome.failure.phase}: ${outcome.failure.message}`}`,
        );
      },
    };
  }
}

/** Runs one suite's comparison in its own measurement session; returns its results. */
async function compareSuite(
  compared: ComparedSuite,
  options: ComparisonRunOptions,
  deadline: number,
): Promise<{
  baseline: DbbenchResult[];
  candidate: DbbenchResult[];
  unresolved: string[];
  database?: string;
  interrupted: boolean;
}> {
  const { candidate, baseline } = compared;
  const combinations = expandMatrix(candidate.suite, options.plan);
  const quick = options.plan.quick === true;
  options.log(
    `compare: ${candidate.suite.name} on ${candidate.suite.database}: ${combinations.length} combinations × ${options.forks} forks per side, interleaved`,
  );
  const states: CombinationState[] = combinations.map((combination) => ({
    combination,
    settings: combinationSettings(candidate.suite, combination, { quick, cliSettings: options.cliSettings }),
    outcomes: { baseline: [], candidate: [] },
    rounds: { baseline: [], candidate: [] },
    firstSide: randomFirstSide(),
  }));
  const session = await withMeasurementSession(
    {
      suite: candidate.suite,
      combinations,
      suiteOptions: options.suiteOptions,
      chosenAxes: Object.keys(options.plan.paramOverrides ?? {}),
      log: (message) => options.log(message),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
    async (measurement: MeasurementSession) => {
      const measurable = states.filter((state) => {
        const reason = measurement.setup?.cannotMeasure?.(state.combination.params);
        if (reason !== undefined) {
          options.log(
            `compare: skipping ${state.combination.benchmarkName} ${JSON.stringify(state.combination.params)}: ${reason}`,
          );
        }
        return reason === undefined;
      });
      const metadataOf = (side: ComparedSuite[ForkRole]): RunMetadata =>
        runMetadata(side.suite, { quick, git: side.checkout, setup: measurement.setup });
      const planner = new ComparisonPlanner(
        compared,
        measurable,
        options,
        deadline,
        { baseline: metadataOf(baseline), candidate: metadataOf(candidate) },
        measurement.setup?.roundForks ?? MAX_ROUND_FORKS,
      );
      const interrupted = await runPlannedForks(measurement, planner, options.signal);
      return {
        ...planner.results(),
        unresolved: planner.unresolved,
        ...(measurement.setup?.description === undefined ? {} : { database: measurement.setup.description }),
        interrupted,
      };
    },
  );
  return session.interrupted
    ? { baseline: [], candidate: [], unresolved: [], interrupted: true }
    : session.value;
}

/** Runs the whole comparison (every suite in turn, each in its own measurement session). */
export async function runComparison(options: ComparisonRunOptions): Promise<ComparisonRun> {
  const baseline: DbbenchResult[] = [];
  const candidate: DbbenchResult[] = [];
  const unresolved: string[] = [];
  const databases: string[] = [];
  const deadline = Date.now() + options.budgetMs;
  for (const compared of options.suites) {
    if (options.signal?.aborted) break;
    const outcome = await compareSuite(compared, options, deadline);
    baseline.push(...outcome.baseline);
    candidate.push(...outcome.candidate);
    unresolved.push(...outcome.unresolved);
    if (outcome.database !== undefined) databases.push(outcome.database);
    if (outcome.interrupted) break;
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
