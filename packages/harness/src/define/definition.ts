/**
 * The definition API: what a suite module declares so the harness can expand its parameter matrix,
 * fork one process per combination and time it. Nothing here runs anything; see `run-plan.ts` and
 * `fork-runner.ts` for that.
 *
 * @example
 * ```ts
 * export default defineSuite({
 *   name: 'pooled',
 *   database: 'postgres',
 *   axes: { dataSize: [1000, 10000], poolSize: [10, 30] },
 *   quick: { axes: { dataSize: [1000], poolSize: [10] } },
 *   benchmarks: {
 *     selectOne: defineBenchmark({
 *       description: 'SELECT one row by primary key',
 *       axes: ['poolSize'],
 *       mode: 'avgt',
 *       setupTrial: async (ctx) => openPool(ctx.runContext, ctx.int('poolSize')),
 *       run: (pool) => pool.query('select 1'),
 *       teardownTrial: (pool) => pool.end(),
 *     }),
 *   },
 * });
 * ```
 */

import type { HistogramSample } from '../stats/histogram.js';
import type { AxisType } from './axis-types.js';
import type { SuiteDisplay } from './presentation.js';

/** Benchmark modes, named as JMH names them in its JSON. */
export type Mode = 'thrpt' | 'avgt' | 'sample' | 'ss';

/** Time units a score can be reported in. */
export type TimeUnit = 'ns' | 'us' | 'ms' | 's';

/** Values an axis can take; they reach benchmarks as strings, as JMH `@Param` values do. */
export type AxisValues = readonly (string | number)[];

/** One point of the parameter matrix: axis name → value, as strings (JMH's `params`). */
export type ParamSet = Readonly<Record<string, string>>;

/** JSON-serialisable data: the only kind that can cross the parent → fork IPC boundary. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** The blackhole: consuming a value keeps the engine from proving the work dead and dropping it. */
export interface Blackhole {
  consume(value: unknown): void;
}

/** What every lifecycle hook of a benchmark receives. */
export interface BenchmarkContext<RunContext extends Json = Json> {
  /** This combination's parameters (only the axes the benchmark uses). */
  readonly params: ParamSet;
  /** A parameter as an integer; throws a `DbbenchError` naming the axis when it is not one. */
  int(axis: string): number;
  /** A parameter as a string; throws a `DbbenchError` when the benchmark does not use that axis. */
  str(axis: string): string;
  /** What the suite's {@link SuiteDefinition.setupRun} returned in the parent (e.g. connection info). */
  readonly runContext: RunContext;
  /** 0-based fork index (0 also when running in-process with `--forks 0`). */
  readonly fork: number;
  /** A progress line on the parent's console (never inside the timed region). */
  log(message: string): void;
}

/** What a profiler learns about the iteration it just watched. */
export interface IterationInfo {
  /** Invocations timed in this iteration. */
  readonly invocations: number;
  /** Sum of the timed regions of those invocations, in nanoseconds. */
  readonly measuredNs: number;
  /** True for warmup iterations (their metrics are discarded, but profilers still see them). */
  readonly warmup: boolean;
}

/** One named value a profiler reports for an iteration. */
export interface MetricSample {
  /** Name as it appears in the report's `secondaryMetrics`, e.g. `rows/s`, `gc.alloc.norm`. */
  readonly name: string;
  readonly value: number;
  /** Unit as JMH writes it, e.g. `rows/s`, `B/op`, `ms`, `count`. */
  readonly unit: string;
  /** Whether higher values are better; the docs show the direction next to the metric. */
  readonly higherIsBetter?: boolean;
}

/**
 * A profiler runs outside the timed region, before and after each iteration, and returns named
 * metrics that become secondary metrics (aggregated over measurement iterations like the score).
 */
export interface Profiler {
  readonly name: string;
  beforeIteration(): void | Promise<void>;
  /**
   * Called right before the clock starts for each invocation (outside the timed region); for
   * profilers that count what the timed region alone did, e.g. statements sent. Keep it cheap.
   */
  timedRegionStarted?(): void;
  /** Called right after the clock stops for each invocation (outside the timed region). */
  timedRegionEnded?(): void;
  afterIteration(info: IterationInfo): readonly MetricSample[] | Promise<readonly MetricSample[]>;
  /**
   * The distributions this profiler recorded in the iteration it just watched (e.g. `latency` of an
   * open-loop benchmark, one `LatencyHistogram` encoded per iteration). Called right after
   * {@link Profiler.afterIteration}, for warmup iterations too (the report keeps only measured
   * ones), and written to the result's `dbbench.histograms`: encoded histograms combine exactly
   * across iterations, forks and shards, where percentiles reported as secondary metrics could only
   * be averaged. Reset what you record after handing it over. Optional.
   */
  histograms?(): readonly HistogramSample[];
}

/** Iteration counts and times; any field left out falls back to the suite, then harness defaults. */
export interface IterationSettings {
  readonly warmupIterations?: number;
  /** Minimum time per warmup iteration in ms (ignored in `ss` mode, where one invocation = one iteration). */
  readonly warmupTimeMs?: number;
  readonly measurementIterations?: number;
  /** Minimum time per measurement iteration in ms (ignored in `ss` mode). */
  readonly measurementTimeMs?: number;
  /** Invocations per iteration in `ss` mode (JMH's batch size); default 1. */
  readonly batchSize?: number;
  /**
   * Invocations per warmup iteration in `ss` mode (JMH's warmup batch size); default 1. A warmup of
   * many short invocations in one iteration pays the iteration's own cost (a garbage collection,
   * the profilers) once instead of once per invocation.
   */
  readonly warmupBatchSize?: number;
  readonly forks?: number;
  /** Kill a fork after this long (ms) and record the combination as failed. */
  readonly timeoutMs?: number;
}

/**
 * A benchmark: lifecycle hooks around one timed operation. Hooks other than {@link run} are never
 * timed. State flows from {@link setupTrial} into every other hook.
 */
export interface BenchmarkDefinition<State = unknown, RunContext extends Json = Json, Result = unknown> {
  /** One sentence: what is measured. Shown by `--list` and in the docs. */
  readonly description: string;
  /** The suite axes this benchmark is parameterised over, in the order the docs sort by. */
  readonly axes: readonly string[];
  /**
   * Narrower types for some of its axes than the suite declares (e.g. `concurrency: integerAxis({ min: 1 })`);
   * a `-p` value must fit both. Optional.
   */
  readonly axisTypes?: Readonly<Record<string, AxisType>>;
  /** Default mode(s); `--mode` on the command line replaces them. */
  readonly mode: Mode | readonly Mode[];
  /** Output time unit; default `ms` for avgt/sample/ss and ops per second for thrpt. */
  readonly unit?: TimeUnit;
  /**
   * Operations one invocation performs (JMH's `@OperationsPerInvocation`): scores are per operation,
   * so a benchmark that times 1000 requests per invocation reports requests/s and time per request.
   * Default 1.
   */
  readonly operationsPerInvocation?: number;
  /**
   * The default matrix as a union of grids, for a benchmark whose full cross product of axes would
   * mostly measure combinations no question needs (JMH users split such a benchmark in two). Each grid
   * narrows some of the benchmark's axes; an axis a grid leaves out takes the suite's values. `-p` and
   * `--quick` replace an axis's values in every grid, so a user's choice always wins. A combination in
   * several grids runs once; the order stays the cross product's (first axis slowest). Optional: by
   * default the benchmark runs the whole cross product.
   *
   * @example
   * ```ts
   * // every writer on every partition count at 100k rows, and only 2 partitions elsewhere
   * grids: [{ dataSize: [100000] }, { dataSize: [1000, 10000], partitions: [2] }],
   * ```
   */
  readonly grids?: readonly Readonly<Record<string, AxisValues>>[];
  /**
   * Per-benchmark iteration defaults (e.g. more single-shot iterations for a batch job), or a function
   * of the combination's parameters, so a long combination (row-by-row at 100k rows) can take fewer
   * iterations than a short one and the matrix stays within its time budget.
   */
  readonly iterations?: IterationSettings | ((params: ParamSet) => IterationSettings);
  /**
   * Secondary metrics that are work, not time, and exactly the same for every invocation of the same
   * code (e.g. statements per operation of a job with a fixed chunk size). `dbbench compare` reports
   * any change of them exactly, without statistics: an N+1 query shows even when timing cannot.
   */
  readonly deterministicCounters?: readonly string[];
  /** Per fork, before warmup: open pools, create schema, seed data. */
  setupTrial(ctx: BenchmarkContext<RunContext>): State | Promise<State>;
  teardownTrial?(state: State, ctx: BenchmarkContext<RunContext>): void | Promise<void>;
  setupIteration?(state: State, ctx: BenchmarkContext<RunContext>): void | Promise<void>;
  teardownIteration?(state: State, ctx: BenchmarkContext<RunContext>): void | Promise<void>;
  /** Before every invocation, outside the timed region: reset the state the invocation mutates. */
  setupInvocation?(state: State, ctx: BenchmarkContext<RunContext>): void | Promise<void>;
  teardownInvocation?(state: State, ctx: BenchmarkContext<RunContext>): void | Promise<void>;
  /** The timed operation. Its result is consumed by the harness's blackhole and passed to {@link verify}. */
  run(state: State, bh: Blackhole, ctx: BenchmarkContext<RunContext>): Result | Promise<Result>;
  /**
   * After every invocation, outside the timed region: check the work was really done (row counts,
   * checksums). Throwing fails the whole combination with the error's message; it is never scored.
   */
  verify?(state: State, result: Result, ctx: BenchmarkContext<RunContext>): void | Promise<void>;
  /** Suite-specific profilers (rows/s, pool acquire wait, server counters), created after setupTrial. */
  profilers?(state: State, ctx: BenchmarkContext<RunContext>): readonly Profiler[];
  /**
   * Facts about what the fork's setupTrial opened, read from it (e.g. the database driver, its
   * version and the settings it runs with): written into the result as `dbbench.facts`, one entry
   * per fork, so a report says on which terms it was measured. Called once, after setupTrial.
   */
  facts?(state: State): { readonly [key: string]: Json };
}

/** An extra command-line option a suite declares (e.g. `--provider`), passed to {@link SuiteDefinition.setupRun}. */
export interface SuiteOption {
  readonly description: string;
  /** Allowed values; anything else is a usage error listing them. */
  readonly choices?: readonly string[];
  readonly default?: string;
  /** Environment variable that supplies the value when the flag is absent. */
  readonly env?: string;
}

/** What a suite's parent-side setup hands to the forks and the report. */
export interface RunSetup<RunContext extends Json = Json> {
  /** Serialised to every fork as `ctx.runContext` (e.g. host, port, database). */
  readonly context: RunContext;
  /**
   * The context of slot `slot` (from 1): the forks of an interleaved round are alive together, each
   * in its own slot, so what one writes (its tables, its source data) is never another's. Slot 0 is
   * {@link context}. Called once per slot, on first use; absent: every slot gets {@link context}
   * (a setup whose forks share no state).
   */
  slotContext?(slot: number): Promise<RunContext>;
  /**
   * How many forks this server lets take turns together (each holds its pool while the others take
   * their turns); absent: as many as the run plans (its `concurrentForks`).
   */
  readonly roundForks?: number;
  /** Attached to every result's `dbbench` extension (e.g. database engine, version, settings). Never secrets. */
  readonly info?: { readonly [key: string]: Json };
  /** One line naming what the run measures against, e.g. `PostgreSQL 15.19 (local)`; shown by compare. */
  readonly description?: string;
  /**
   * Called in the parent before each fork, with the fork's parameters: applies what the server must
   * be for them (e.g. the `cpus` axis: the server's CPU quota, or none) and resolves to what is in
   * force, read back (never just the requested value); a non-empty answer is recorded in that
   * result's `dbbench.applied`, one entry per fork. A rejection fails the fork, not the run.
   */
  beforeFork?(params: ParamSet): Promise<{ readonly [key: string]: Json } | undefined>;
  /**
   * Why this run's server cannot measure a combination (e.g. a CPU quota on a server dbbench did not
   * start); undefined when it can. Such combinations are skipped with that reason, not failed.
   */
  cannotMeasure?(params: ParamSet): string | undefined;
  /** Called once at the end of the run, also after failures and on SIGINT. */
  dispose(): Promise<void>;
}

/** What a run is about to measure, handed to {@link SuiteDefinition.setupRun} so it can size the server. */
export interface RunPlan {
  /** Every combination this run measures (after `-p`, `-b`, `--quick`), as benchmark name and parameters. */
  readonly combinations: readonly { readonly benchmark: string; readonly params: ParamSet }[];
  /**
   * Forks that may hold connections to the server at the same time: the forks of an interleaved
   * round are alive together (each takes its turns while the others wait, holding their pools).
   */
  readonly concurrentForks: number;
  /**
   * Axes whose values the user chose (`-p`): a setup refuses those it cannot honour, where it may
   * skip the same values taken from the suite's defaults (see {@link RunSetup.cannotMeasure}).
   */
  readonly chosenAxes: readonly string[];
}

/** A suite module's default export. */
export interface SuiteDefinition<RunContext extends Json = Json> {
  /** Short name used in reports and docs, e.g. `pooled`. */
  readonly name: string;
  /** Which database this module targets, e.g. `postgres` or `mysql` (reports are named after it). */
  readonly database: string;
  readonly description: string;
  /** Every axis with its default values. */
  readonly axes: Readonly<Record<string, AxisValues>>;
  /**
   * The type and range of some or all axes (`integerAxis({ min: 1 })`, `choiceAxis([...])`), checked
   * against `-p` values in the parent before anything starts. Optional: an undeclared axis accepts
   * any finite number when its defaults are numbers, and only its default names otherwise.
   */
  readonly axisTypes?: Readonly<Record<string, AxisType>>;
  /** Suite-wide iteration defaults. */
  readonly iterations?: IterationSettings;
  /** The `--quick` profile: the smallest meaningful matrix and short iterations, for smoke tests and CI. */
  readonly quick?: {
    readonly axes?: Readonly<Record<string, AxisValues>>;
    readonly iterations?: IterationSettings;
  };
  readonly options?: Readonly<Record<string, SuiteOption>>;
  /**
   * Wall time a full run of this suite may take, ms: after the first pass, fork pairs go to the
   * declared answers still undetermined until the run has taken this long (`--budget` replaces it;
   * `--quick` runs the first pass only). Absent: the first pass only.
   */
  readonly budgetMs?: number;
  /**
   * How results read in the docs: display names of axis values and the questions the results
   * answer. Carried into every result's `dbbench` extension; checked when the suite loads.
   */
  readonly display?: SuiteDisplay;
  /**
   * Refuses, by throwing a usage error, a run its setup could never serve (e.g. a CPU quota on a
   * server given by URL): called in the parent before the measurement lock is waited for and before
   * anything starts, so the user hears at once.
   */
  checkRun?(options: Readonly<Record<string, string | undefined>>, plan: RunPlan): void;
  /**
   * Runs once in the parent process before any fork (e.g. obtain a database server sized for the
   * largest pool the {@link RunPlan} asks for).
   */
  setupRun?(
    options: Readonly<Record<string, string | undefined>>,
    log: (message: string) => void,
    plan: RunPlan,
  ): Promise<RunSetup<RunContext>>;
  // `any` state: each benchmark picks its own state type; the record only needs to hold them together.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly benchmarks: Readonly<Record<string, BenchmarkDefinition<any, RunContext, any>>>;
}

/** Identity helper that gives a suite definition its types. */
export function defineSuite<RunContext extends Json>(
  suite: SuiteDefinition<RunContext>,
): SuiteDefinition<RunContext> {
  return suite;
}

/** Identity helper that infers a benchmark's state and result types. */
export function defineBenchmark<State, RunContext extends Json = Json, Result = unknown>(
  benchmark: BenchmarkDefinition<State, RunContext, Result>,
): BenchmarkDefinition<State, RunContext, Result> {
  return benchmark;
}
