/**
 * Forks of the baseline and the candidate, interleaved in time on the same server: per combination,
 * fork pairs alternate A B, B A, A B, … so a drift of the machine or a busy neighbour hits both sides
 * equally. Forks are the statistical unit, so this is what makes a verdict between two commits fair.
 * Which side opens a combination is drawn at random: the first fork after a combination change pays
 * for what the previous one left on the server (measured on MariaDB here: in an A/A comparison the
 * first job fork took 468 ms against 429 ms for the other five), and when the baseline always went
 * first that cost landed on it every time and read as an improvement (an A/A comparison called the
 * unchanged `limit` 0.76× "improved", p < 0.001).
 */
import type { Json, SuiteDefinition, TimeUnit } from '../definition.js';
import type { ForkFailure, ForkTask, IterationResult } from '../fork-protocol.js';
import { runInFork } from '../fork-runner.js';
import type { ForkOutcome } from '../result-builder.js';
import type { Combination } from '../run-plan.js';
import type { ResolvedSettings } from '../settings.js';

/** One side of a comparison, as the forks need it. */
export interface ForkSide {
  /** `baseline` or `candidate`: for progress lines. */
  readonly role: 'baseline' | 'candidate';
  /** Absolute path of the side's compiled suite module. */
  readonly suiteModule: string;
  readonly suite: SuiteDefinition;
}

/** What both sides of one combination have run so far. */
export interface PairedOutcomes {
  readonly baseline: ForkOutcome[];
  readonly candidate: ForkOutcome[];
}

/** How to run forks of one combination. */
export interface ForkPairOptions {
  readonly combination: Combination;
  readonly settings: ResolvedSettings;
  readonly unit: TimeUnit;
  readonly runContext: Json;
  readonly profilers: readonly string[];
  readonly signal?: AbortSignal;
  /** The side that runs first in even-numbered pairs (keep it for the combination's later pairs). */
  readonly firstSide: ForkRole;
  /** A progress line (never secrets). */
  log(message: string): void;
}

/** A side of a comparison. */
export type ForkRole = ForkSide['role'];

/** The order of fork pair `index` (0-based) of a combination that `firstSide` opened: A B, B A, A B, … */
export function pairOrder(index: number, firstSide: ForkRole): readonly [ForkRole, ForkRole] {
  const other: ForkRole = firstSide === 'baseline' ? 'candidate' : 'baseline';
  return index % 2 === 0 ? [firstSide, other] : [other, firstSide];
}

/** A fair coin for which side opens a combination (see the file header). */
export function randomFirstSide(random: () => number = Math.random): ForkRole {
  return random() < 0.5 ? 'baseline' : 'candidate';
}

/** Whether a side can still run forks of this combination: it has the benchmark and none failed. */
function canRun(side: ForkSide, outcomes: readonly ForkOutcome[], benchmarkName: string): boolean {
  return (
    side.suite.benchmarks[benchmarkName] !== undefined && outcomes.every((fork) => fork.failure === undefined)
  );
}

async function runOneFork(side: ForkSide, fork: number, options: ForkPairOptions): Promise<ForkOutcome> {
  const { combination, settings } = options;
  const task: ForkTask = {
    suiteModule: side.suiteModule,
    benchmarkName: combination.benchmarkName,
    mode: combination.mode,
    params: combination.params,
    settings,
    unit: options.unit,
    runContext: options.runContext,
    fork,
    profilers: options.profilers,
  };
  const iterations: IterationResult[] = [];
  const failure: ForkFailure | undefined = await runInFork(task, {
    settings,
    onIteration: (iteration) => iterations.push(iteration),
    onLog: (message) => options.log(message),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const measured = iterations.filter((iteration) => !iteration.warmup).length;
  options.log(
    `  fork ${fork + 1} ${side.role}: ${failure === undefined ? `${measured} iterations` : `failed in ${failure.phase}: ${failure.message}`}`,
  );
  return failure === undefined ? { iterations } : { iterations, failure };
}

/**
 * Runs `pairs` more fork pairs of one combination, continuing `outcomes`: pair k runs
 * `options.firstSide` first when k is even, the other side first when it is odd. A side that lacks the
 * benchmark or had a fork fail runs no more forks of it.
 */
export async function runForkPairs(
  sides: { readonly baseline: ForkSide; readonly candidate: ForkSide },
  pairs: number,
  options: ForkPairOptions,
  outcomes: PairedOutcomes = { baseline: [], candidate: [] },
): Promise<PairedOutcomes> {
  const name = options.combination.benchmarkName;
  for (let pair = 0; pair < pairs; pair++) {
    const index = Math.max(outcomes.baseline.length, outcomes.candidate.length);
    for (const role of pairOrder(index, options.firstSide)) {
      if (options.signal?.aborted) return outcomes;
      const side = sides[role];
      if (!canRun(side, outcomes[role], name)) continue;
      outcomes[role].push(await runOneFork(side, outcomes[role].length, options));
    }
  }
  return outcomes;
}
