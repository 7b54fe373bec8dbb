/**
 * What the parent and a fork say to each other over IPC. The fork runs exactly one task (one
 * combination in one fork) and reports each iteration as it completes, then a final outcome.
 */
import type { Json, MetricSample, Mode, ParamSet, TimeUnit } from '../define/definition.js';
import type { ResolvedSettings } from '../plan/settings.js';
import type { HistogramSample } from '../stats/histogram.js';

/** Everything a fork needs to run one combination. */
export interface ForkTask {
  /** Absolute path of the compiled suite module. */
  readonly suiteModule: string;
  readonly benchmarkName: string;
  readonly mode: Mode;
  readonly params: ParamSet;
  readonly settings: ResolvedSettings;
  readonly unit: TimeUnit;
  readonly runContext: Json;
  /** 0-based fork index. */
  readonly fork: number;
  /** Names of built-in profilers to add (e.g. `gc`). */
  readonly profilers: readonly string[];
}

/** One warmup or measurement iteration, already converted into the score unit. */
export interface IterationResult {
  readonly warmup: boolean;
  /** 1-based within warmup or measurement. */
  readonly index: number;
  readonly invocations: number;
  /** Sum of timed regions, ns. */
  readonly measuredNs: number;
  /** The iteration's score in the result's unit (ops per unit for thrpt, time per op otherwise). */
  readonly score: number;
  /** `sample` mode only: every invocation's time in the result's unit, untrimmed. */
  readonly samples?: Float64Array;
  readonly secondary: readonly MetricSample[];
  /** What the profilers' `histograms` handed over, in profiler order; absent when none did. */
  readonly histograms?: readonly HistogramSample[];
}

/** Where a fork failed and why. */
export interface ForkFailure {
  readonly phase: string;
  readonly message: string;
}

/**
 * The lifecycle phases a fork reports as it enters them, so the parent can tell a fork that is
 * slow from one that waits forever, and say where it stopped.
 */
export type TrialPhase =
  | 'import'
  | 'setupTrial'
  | 'setupIteration'
  | 'profilers.beforeIteration'
  | 'invocations'
  | 'profilers.afterIteration'
  | 'teardownIteration'
  | 'teardownTrial';

/** A phase the fork has just entered; `iteration` for the phases inside an iteration. */
export interface PhaseChange {
  readonly phase: TrialPhase;
  readonly iteration?: { readonly warmup: boolean; readonly index: number };
}

/**
 * What a fork does in a turn: everything after its import is done in turns the parent grants one at
 * a time, so forks that are alive together (an interleaved round) never work at the same moment.
 */
export type TurnKind = 'setup' | 'warmup' | 'measurement' | 'teardown';

/** Fork → parent messages. */
export type ForkMessage =
  | { readonly type: 'log'; readonly message: string }
  | { readonly type: 'phase'; readonly change: PhaseChange }
  /** The trial failed and is being torn down: the cause, in case the teardown never finishes. */
  | { readonly type: 'failing'; readonly failure: ForkFailure }
  | { readonly type: 'iteration'; readonly iteration: IterationResult }
  /** What the benchmark's `facts` read after setupTrial. */
  | { readonly type: 'facts'; readonly facts: { readonly [key: string]: Json } }
  /** A spare fork has imported its suite module and waits for its task. */
  | { readonly type: 'ready' }
  /**
   * The fork is ready for its next turn — its setup, an iteration, or its teardown — and waits for
   * `go`; asking for a turn also ends the one it held (see `session/turn-scheduler.ts`).
   */
  | { readonly type: 'turn'; readonly kind: TurnKind }
  | { readonly type: 'done'; readonly failure?: ForkFailure };

/**
 * Parent → fork messages: an optional `prepare` (import the suite module now, as a spare) and then
 * exactly one `run`.
 */
export type ForkRequest =
  | { readonly type: 'prepare'; readonly suiteModule: string }
  | { readonly type: 'run'; readonly task: ForkTask }
  /** The answer to `turn`: nothing else of the harness works now. */
  | { readonly type: 'go' };
