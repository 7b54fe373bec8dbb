/**
 * How `dbbench run` decides what to measure: first the schedule the suite's questions ask for (see
 * `question-schedule.ts`) — the combinations a declared answer compares in rounds, one fork each per
 * round, the others a round of their own per fork; under a time budget the rounds after every group's
 * first run while they fit, second rounds before later ones, the round holding the line quickest to
 * settle first — then, while the budget lasts,
 * one fork pair at a time for the answer line still undetermined that is quickest to settle. After every fork the combination's
 * result is rebuilt and handed to `onResult` (the runner merges it into the report and writes it).
 */
import type { SuiteDefinition, TimeUnit } from '../define/definition.js';
import { MAX_PAIRS_PER_LINE, pairedForkMeans } from '../compare/answer-statistics.js';
import type { ShardRecord, DbbenchResult } from '../report/report-schema.js';
import { buildResult, type ForkOutcome, type RunMetadata } from '../report/result-builder.js';
import { histogramPercentileForks } from '../report/result-histograms.js';
import type { PhaseClock, PhaseDurationsMs } from '../fork/phase-clock.js';
import type { PlannedLine } from '../plan/question-plan.js';
import type { Combination } from '../plan/run-plan.js';
import type { ResolvedSettings } from '../plan/settings.js';
import type { ConsoleReporter } from '../session/console-reporter.js';
import type { SessionFork } from '../session/measurement-session.js';
import { estimateCombinationMs, formatClock, RunProgress } from '../session/run-progress.js';
import type { ForkPlanner, PlannedFork, PlannedRound } from '../session/sampling-loop.js';
import { answerLines, spreadGroup, type LineAnswer, type LineSides, type SideResult } from './line-answer.js';
import { shuffled } from '../compare/random.js';
import { nextLaterRound, nextLinePair, type LineProgress, type ScheduledFork } from './question-schedule.js';

/** One planned combination while the run measures it. */
export interface CombinationState {
  readonly index: number;
  readonly combination: Combination;
  readonly settings: ResolvedSettings;
  readonly unit: TimeUnit;
  readonly qualifiedName: string;
  /** The result key (benchmark, mode, params) it has in the report. */
  readonly key: string;
  /**
   * Forks of the first pass; lowered when the answers it is a side of settle before its last
   * question round (see `QuestionPlanner`).
   */
  plannedForks: number;
  readonly outcomes: ForkOutcome[];
  readonly rounds: string[];
  readonly clock: PhaseClock;
  elapsedMs: number;
  result?: DbbenchResult;
  /** Already measured in the report (`--resume`): no forks run. */
  skipped: boolean;
  /**
   * Forks of the first pass that run whatever the time budget: 1 (every combination's first), or
   * the forks a side measured apart needs for an interval (see `apartCombinations`).
   */
  readonly requiredForks: number;
}

/** What the planner needs besides the states. */
export interface QuestionPlannerOptions {
  readonly suite: SuiteDefinition;
  readonly suiteModule: string;
  readonly states: readonly CombinationState[];
  readonly lines: readonly PlannedLine[];
  /** The first pass, in order (see `initialSchedule`). */
  readonly schedule: readonly ScheduledFork[];
  readonly metadata: RunMetadata;
  readonly profilers: readonly string[];
  readonly reporter: ConsoleReporter;
  readonly shard?: ShardRecord;
  /** Round names are `<runId>-<n>`, unique to this run, so forks of two runs never pair. */
  readonly runId: string;
  /** Most forks that may take turns together (the server's `roundForks`). */
  readonly roundForks: number;
  /** `performance.now()` after which no more budget pairs start; undefined: the first pass only. */
  readonly deadline: number | undefined;
  readonly random: () => number;
  /** A combination's result changed (after each of its forks). */
  onResult(result: DbbenchResult): Promise<void>;
}

/** The run's planner: the first pass slot by slot, then budget pairs for undetermined lines. */
export class QuestionPlanner implements ForkPlanner {
  readonly #options: QuestionPlannerOptions;
  readonly #progress: RunProgress;
  /** The first pass's slots (indexes into the schedule) in the order they run; later rounds may be reordered or dropped. */
  readonly #order: number[];
  #position = 0;
  #round: number;
  #budgetDone = false;
  /** Fork pairs the budget added for undetermined answers. */
  addedPairs = 0;

  constructor(options: QuestionPlannerOptions) {
    this.#options = options;
    this.#progress = new RunProgress(
      options.schedule.map(({ combination }) => {
        const state = options.states[combination] as CombinationState;
        return estimateCombinationMs(state.combination.mode, { ...state.settings, forks: 1 });
      }),
    );
    this.#round = Math.max(0, ...options.schedule.map((fork) => fork.round)) + 1;
    this.#order = options.schedule.map((_, slot) => slot);
  }

  /**
   * At the start of a later round of the first pass (after every combination's first), under a time
   * budget: the rounds still to come are put in the order {@link nextLaterRound} picks — pass by pass
   * (every group's second rounds, then its later ones, then the later forks of combinations no
   * question compares: `passOf`), and within a pass the round that buys the most settling per second
   * first — and dropped when none of them fits in the time left.
   */
  #chooseLaterRound(): void {
    const { schedule, states, deadline, lines, reporter } = this.#options;
    const order = this.#order;
    const forkAt = (position: number): ScheduledFork => schedule[order[position] as number] as ScheduledFork;
    if (deadline === undefined || forkAt(this.#position).pass === 0) return;
    if (this.#position > 0 && forkAt(this.#position - 1).round === forkAt(this.#position).round) return;
    // The rounds left, each its run of consecutive positions.
    const rounds: number[][] = [];
    for (let position = this.#position; position < order.length; position += 1) {
      const last = rounds.at(-1);
      if (last !== undefined && forkAt(last[0] as number).round === forkAt(position).round)
        last.push(position);
      else rounds.push([position]);
    }
    // Second rounds before third ones (a line's first interval comes from its second pair), and both
    // before the later forks of results no question compares.
    const pass = (positions: readonly number[]): number => forkAt(positions[0] as number).pass;
    const earliest = pass(rounds[0] as number[]);
    const candidates = rounds.filter((positions) => pass(positions) === earliest);
    const later = rounds.filter((positions) => pass(positions) !== earliest);
    const progress = linesProgress(lines, states);
    const runs = (combination: number): boolean => {
      const state = states[combination] as CombinationState;
      return !state.skipped && !hasFailed(state) && !this.#answered(state, progress);
    };
    // Forks that run whatever the budget (a side measured apart) are paid for in any case: the
    // time they will take is kept back, and a round is weighed by what it adds beyond them.
    const required = (position: number): boolean => {
      const fork = forkAt(position);
      const state = states[fork.combination] as CombinationState;
      return fork.index < state.requiredForks && !state.skipped && !hasFailed(state);
    };
    const costOf = (positions: readonly number[]): number =>
      positions.reduce(
        (sum, position) => sum + meanForkMs(states[forkAt(position).combination] as CombinationState),
        0,
      );
    const reservedMs = costOf(rounds.flat().filter(required));
    const weighed = candidates.map((positions) => ({
      members: positions.map((position) => forkAt(position).combination).filter(runs),
      costMs: costOf(
        positions.filter((position) => !required(position) && runs(forkAt(position).combination)),
      ),
    }));
    const chosen = nextLaterRound(weighed, progress, deadline - performance.now() - reservedMs);
    const slotsOf = (positions: readonly number[]): number[] =>
      positions.map((position) => order[position] as number);
    if (chosen === undefined) {
      // The budget is spent: every later fork is dropped but the required ones, which keep their
      // rounds (and pair with each other where a line links them).
      const kept = rounds.flatMap((positions) => slotsOf(positions.filter(required)));
      const keptCount = new Map<CombinationState, number>();
      for (const slot of kept) {
        const state = states[(schedule[slot] as ScheduledFork).combination] as CombinationState;
        keptCount.set(state, (keptCount.get(state) ?? 0) + 1);
      }
      const keptSlots = new Set(kept);
      const dropped = rounds.flatMap(slotsOf).filter((slot) => !keptSlots.has(slot));
      const finished = new Set<CombinationState>();
      for (const slot of dropped) {
        const state = states[(schedule[slot] as ScheduledFork).combination] as CombinationState;
        this.#progress.complete(slot, 0);
        const forks = state.outcomes.length + (keptCount.get(state) ?? 0);
        if (state.plannedForks > forks && !hasFailed(state) && !state.skipped) {
          state.plannedForks = forks;
          if (forks === state.outcomes.length) finished.add(state);
        }
      }
      for (const state of finished) {
        if (state.result !== undefined) reporter.combinationFinished(state.result);
      }
      if (dropped.length > 0) {
        reporter.log(
          `# Answers: the time budget is spent: ${dropped.length} later fork(s) of the first pass are not run; their lines keep the forks they have (--budget)` +
            (kept.length > 0
              ? `; ${kept.length} fork(s) of sides compared with another suite's results still run`
              : ''),
        );
      }
      order.splice(this.#position, order.length - this.#position, ...kept);
      return;
    }
    const next = candidates[chosen] as number[];
    const rest = candidates.filter((_, index) => index !== chosen);
    order.splice(
      this.#position,
      order.length - this.#position,
      ...[next, ...rest, ...later].flatMap(slotsOf),
    );
  }

  next(): readonly PlannedRound[] | undefined {
    const { schedule, states } = this.#options;
    const order = this.#order;
    while (this.#position < order.length) {
      this.#chooseLaterRound();
      if (this.#position >= order.length) break;
      // The forks that take turns together: consecutive slots with the same `turns`.
      const turns = (schedule[order[this.#position] as number] as ScheduledFork).turns;
      const round: PlannedFork[] = [];
      while (
        this.#position < order.length &&
        (schedule[order[this.#position] as number] as ScheduledFork).turns === turns
      ) {
        const slot = order[this.#position++] as number;
        const { combination, round: roundNumber, index } = schedule[slot] as ScheduledFork;
        const state = states[combination] as CombinationState;
        if (state.skipped || hasFailed(state)) {
          this.#progress.complete(slot, 0);
          continue;
        }
        if (
          index >= Math.max(state.settings.forks, state.requiredForks) &&
          index >= state.outcomes.length &&
          this.#answered(state)
        ) {
          this.#options.reporter.log(
            `# Answers: no fork ${index + 1} of ${state.qualifiedName} ${describeParams(state.combination.params)}: every answer it is a side of is settled`,
          );
          state.plannedForks = state.outcomes.length;
          this.#progress.complete(slot, 0);
          if (state.result !== undefined) this.#options.reporter.combinationFinished(state.result);
          continue;
        }
        round.push(
          this.#plannedFork(
            state,
            String(roundNumber),
            () => {
              if (hasFailed(state) || state.outcomes.length === state.plannedForks) {
                this.#options.reporter.combinationFinished(state.result as DbbenchResult);
              }
            },
            slot,
          ),
        );
      }
      if (round.length > 0) return [round];
    }
    return this.#budgetPair();
  }

  /**
   * Whether every line `state` is a side of is decided or equivalent now: then the forks a question
   * round would add beyond the combination's own are not needed (its lines' sides share a spread, so
   * 2 pairs may settle a line far from the threshold), and the time goes to the lines still open.
   */
  #answered(state: CombinationState, progress?: readonly LineProgress[]): boolean {
    const { lines, states } = this.#options;
    const involved = lines.flatMap((line, index) =>
      line.baseline.includes(state.index) || line.candidate.includes(state.index) ? [index] : [],
    );
    if (involved.length === 0) return false;
    progress ??= linesProgress(lines, states);
    return involved.every((index) => {
      const outcome = progress[index]?.outcome;
      return outcome === 'decided' || outcome === 'equivalent';
    });
  }

  /** The next budget pair, or undefined when the budget is spent or no line needs one. */
  #budgetPair(): readonly PlannedRound[] | undefined {
    const { deadline, lines, states, reporter } = this.#options;
    if (deadline === undefined || this.#budgetDone) return undefined;
    const remainingMs = deadline - performance.now();
    const progressOfLines = linesProgress(lines, states);
    const affordable = progressOfLines.map((line) =>
      line.pairCostMs <= remainingMs ? line : { ...line, next: undefined },
    );
    const chosen = nextLinePair(affordable, MAX_PAIRS_PER_LINE);
    if (chosen === undefined) {
      this.#budgetDone = true;
      const count = (outcome: string): number =>
        progressOfLines.filter((line) => line.outcome === outcome).length;
      const open = count('undetermined');
      reporter.log(
        `# Answers: ${count('decided')} decided, ${count('equivalent')} equivalent, ${open} undetermined of ${lines.length} lines; ` +
          (open === 0
            ? 'every line this run can answer is settled'
            : `${remainingMs > 0 ? 'none of the rest can be settled within the budget left' : 'the time budget is spent'} (--budget)`),
      );
      return undefined;
    }
    const line = lines[chosen] as PlannedLine;
    const next = progressOfLines[chosen]?.next as readonly [number, number];
    reporter.log(
      `# Answers: one more fork pair for "${line.declaration.question}"${describeAt(line.at)} (${progressOfLines[chosen]?.pairs ?? 0} pairs so far, budget left ${formatClock(remainingMs)})`,
    );
    const round = String(this.#round++);
    this.addedPairs += 1;
    const pair = shuffled(next, this.#options.random).map((combination) =>
      this.#plannedFork(states[combination] as CombinationState, round),
    );
    // The pair takes turns when the server holds two forks' pools at once, else runs back to back.
    return this.#options.roundForks >= 2 ? [pair] : pair.map((fork) => [fork]);
  }

  #plannedFork(
    state: CombinationState,
    round: string,
    afterRecord: () => void = () => undefined,
    slot?: number,
  ): PlannedFork {
    const { reporter } = this.#options;
    let startedAt = 0;
    let clockBefore = 0;
    let tag: number | undefined;
    const fork: SessionFork = {
      suiteModule: this.#options.suiteModule,
      combination: state.combination,
      settings: state.settings,
      unit: state.unit,
      fork: state.outcomes.length,
      profilers: this.#options.profilers,
      clock: state.clock,
      onStart: (member) => {
        tag = member;
        reporter.combinationStarted(
          state.combination,
          state.qualifiedName,
          state.settings,
          this.#progress.snapshot(),
        );
        reporter.forkStarted(
          state.outcomes.length,
          state.settings.forks === 0 ? 0 : state.plannedForks,
          member,
        );
        startedAt = performance.now();
        clockBefore = clockTotalMs(state.clock);
      },
      onIteration: (iteration, unitLabel) => reporter.iteration(iteration, unitLabel, tag),
      onLog: (message) => reporter.log(message),
    };
    return {
      fork,
      record: async (outcome) => {
        // The fork's own time: in a round, the others' turns are not its (its clock leaves them
        // out); a trial run in this process reports no phases, so its wall time is all there is.
        const ownMs = clockTotalMs(state.clock) - clockBefore;
        const elapsedMs = ownMs > 0 ? ownMs : performance.now() - startedAt;
        state.elapsedMs += elapsedMs;
        state.outcomes.push(outcome);
        state.rounds.push(`${this.#options.runId}-${round}`);
        state.result = this.#resultOf(state);
        await this.#options.onResult(state.result);
        afterRecord();
        if (slot !== undefined) this.#progress.complete(slot, elapsedMs);
      },
    };
  }

  #resultOf(state: CombinationState): DbbenchResult {
    const result = buildResult(
      {
        combination: state.combination,
        settings: state.settings,
        unit: state.unit,
        forks: state.settings.forks === 0 ? 0 : state.outcomes.length,
        forkOutcomes: state.outcomes,
      },
      this.#options.metadata,
    );
    return withRunRecords(result, state, this.#options.shard);
  }
}

/** A combination's mean wall time per fork so far, ms (0 before its first): what one more fork costs. */
function meanForkMs(state: CombinationState): number {
  return state.outcomes.length === 0 ? 0 : state.elapsedMs / state.outcomes.length;
}

/** The time a combination's clock has accounted so far, ms. */
function clockTotalMs(clock: PhaseClock): number {
  const { setup, warmup, measurement, teardown } = clock.totals();
  return setup + warmup + measurement + teardown;
}

function hasFailed(state: CombinationState): boolean {
  return state.outcomes.some((outcome) => outcome.failure !== undefined);
}

function describeParams(params: Readonly<Record<string, string>>): string {
  return Object.entries(params)
    .map(([axis, value]) => `${axis}=${value}`)
    .join(' ');
}

function describeAt(at: Readonly<Record<string, string>>): string {
  return Object.keys(at).length === 0 ? '' : ` at ${describeParams(at)}`;
}

/** A result's values for a line's metric, as a side of the answer sees them. */
function sideResult(state: CombinationState, metric: string | undefined): SideResult<number> | undefined {
  const result = state.result;
  if (result === undefined || result.dbbench.status !== 'ok') return undefined;
  const values = metric === undefined ? result.primaryMetric : result.secondaryMetrics[metric];
  const higherIsBetter =
    metric === undefined ? result.dbbench.higherIsBetter : result.dbbench.secondaryHigherIsBetter[metric];
  if (values === undefined || higherIsBetter === undefined) return undefined;
  // A tail percentile the result keeps as HDR histograms is read per fork from them, as the docs do.
  const fromHistograms =
    metric === undefined ? undefined : histogramPercentileForks(result.dbbench.histograms, metric);
  return {
    item: state.index,
    series: {
      rawData: fromHistograms ?? values.rawData,
      ...(result.dbbench.forkRounds === undefined ? {} : { rounds: result.dbbench.forkRounds }),
    },
    higherIsBetter,
  };
}

/**
 * Where every planned line stands, and the two combinations each one's next pair would run: answered
 * together, so the paired lines of one benchmark and metric share a spread prior as on the pages.
 */
export function linesProgress(
  lines: readonly PlannedLine[],
  states: readonly CombinationState[],
): LineProgress[] {
  const sides = lines.map((line): LineSides<number> | undefined => {
    const side = (indexes: readonly number[]): SideResult<number>[] | undefined => {
      const results = indexes.map((index) =>
        sideResult(states[index] as CombinationState, line.declaration.metric),
      );
      return results.every((result) => result !== undefined) ? results : undefined;
    };
    const baseline = side(line.baseline);
    const candidate = side(line.candidate);
    return baseline === undefined || candidate === undefined ? undefined : { baseline, candidate };
  });
  const groups = lines.map((line, index) =>
    spreadGroup(
      '', // a run measures one suite
      states[line.candidate[0] ?? -1]?.combination.benchmarkName ?? String(index),
      line.declaration.metric,
    ),
  );
  const answers = answerLines(sides, (_, index) => groups[index]);
  return answers.map((answer) => progressOf(answer, states));
}

function progressOf(
  answer: LineAnswer<number> | undefined,
  states: readonly CombinationState[],
): LineProgress {
  if (answer === undefined)
    return { outcome: undefined, morePairs: undefined, pairs: 0, pairCostMs: 0, next: undefined };
  const pair = [answer.baseline.item, answer.candidate.item] as const;
  const pairs = pairedForkMeans(answer.baseline.series, answer.candidate.series).baseline.length;
  return {
    outcome: answer.outcome,
    // A line without an interval is projected from its ratio at its group's spread (`answerLines`).
    morePairs: answer.morePairs,
    pairs,
    pairCostMs:
      meanForkMs(states[pair[0]] as CombinationState) + meanForkMs(states[pair[1]] as CombinationState),
    next: pair[0] === pair[1] || states[pair[0]]?.skipped || states[pair[1]]?.skipped ? undefined : pair,
  };
}

/**
 * Adds what only the run knows: the combination's wall time (what `--shard` balances by), where it
 * went (setup, warmup, measurement, teardown), the round of every fork, and its shard.
 */
function withRunRecords(
  result: DbbenchResult,
  state: CombinationState,
  shard: ShardRecord | undefined,
): DbbenchResult {
  const durationsMs: PhaseDurationsMs = state.clock.totals();
  return {
    ...result,
    dbbench: {
      ...result.dbbench,
      elapsedMs: Math.round(state.elapsedMs),
      durationsMs,
      forkRounds: [...state.rounds],
      ...(shard === undefined ? {} : { shard }),
    },
  };
}
