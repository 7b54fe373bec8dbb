/**
 * One trial: the full lifecycle of one combination in one fork — setupTrial, warmup and measurement
 * iterations (each with its setup, profilers and teardown), teardownTrial. Runs inside a fork, or in
 * the parent with `--forks 0`.
 */
import { blackhole } from '../define/blackhole.js';
import { createBenchmarkContext } from './benchmark-context.js';
import type {
  BenchmarkContext,
  BenchmarkDefinition,
  Json,
  MetricSample,
  Profiler,
} from '../define/definition.js';
import { LatencyHistogram, type HistogramSample } from '../stats/histogram.js';
import { errorMessage } from '../define/errors.js';
import type { ForkFailure, ForkTask, IterationResult, PhaseChange, TurnKind } from './fork-protocol.js';
import { gcProfiler } from './gc-profiler.js';
import {
  measureForTime,
  measureSingleShot,
  type Invocation,
  type TimedIteration,
} from './iteration-runner.js';
import { inPhase, PhaseError } from './phase-error.js';
import { nanosecondsPer, scoreFromNanosecondsPerOp } from '../define/units.js';

/** Profilers a task can ask for by name (`--prof gc`). */
export const BUILT_IN_PROFILERS: Readonly<Record<string, () => Profiler>> = { gc: gcProfiler };

/** Where a trial reports what happens. */
export interface TrialEvents {
  iteration(iteration: IterationResult): void;
  log(message: string): void;
  /** Entering a lifecycle phase (forks relay it so the parent can watch for progress). */
  phase?(change: PhaseChange): void;
  /** What the benchmark's `facts` read after setupTrial. */
  facts?(facts: { readonly [key: string]: Json }): void;
  /** The trial failed; teardownTrial runs next (and may itself hang on what broke). */
  failing?(failure: ForkFailure): void;
  /**
   * Awaited before setupTrial, before every warmup and measurement iteration and before
   * teardownTrial: a fork waits for its parent to grant the turn, so forks alive together (an
   * interleaved round) take turns and nothing else of the harness works while one measures.
   */
  turn?(kind: TurnKind): Promise<void>;
}

/** Runs one trial; resolves to the failure that stopped it, or undefined when it completed. */
export async function runTrial(
  benchmark: BenchmarkDefinition,
  task: ForkTask,
  events: TrialEvents,
): Promise<ForkFailure | undefined> {
  const ctx = createBenchmarkContext(task.params, task.runContext, task.fork, (message) =>
    events.log(message),
  );
  let state: unknown;
  let failure: ForkFailure | undefined;
  try {
    await events.turn?.('setup');
    events.phase?.({ phase: 'setupTrial' });
    state = await inPhase('setupTrial', () => benchmark.setupTrial(ctx));
  } catch (error) {
    return toFailure(error, 'setupTrial');
  }
  try {
    const facts = await inPhase('setupTrial', () => benchmark.facts?.(state));
    if (facts !== undefined) events.facts?.(facts);
    const profilers = await inPhase('profilers', () => [
      ...task.profilers.map((name) => createBuiltInProfiler(name)),
      ...(benchmark.profilers?.(state, ctx) ?? []),
    ]);
    const invocation = withTimedRegion(createInvocation(benchmark, state, ctx), profilers);
    const iterations = [
      ...Array.from({ length: task.settings.warmupIterations }, (_, index) => ({
        warmup: true,
        index: index + 1,
      })),
      ...Array.from({ length: task.settings.measurementIterations }, (_, index) => ({
        warmup: false,
        index: index + 1,
      })),
    ];
    for (const { warmup, index } of iterations) {
      await events.turn?.(warmup ? 'warmup' : 'measurement');
      try {
        events.iteration(
          await runIteration(benchmark, state, ctx, task, profilers, invocation, { warmup, index }, events),
        );
      } catch (error) {
        failure = toFailure(error, warmup ? 'warmup' : 'measurement');
        break;
      }
    }
  } catch (error) {
    failure = toFailure(error, 'profilers');
  }
  if (failure !== undefined) events.failing?.(failure);
  try {
    await events.turn?.('teardown');
    events.phase?.({ phase: 'teardownTrial' });
    await inPhase('teardownTrial', () => benchmark.teardownTrial?.(state, ctx));
  } catch (error) {
    failure ??= toFailure(error, 'teardownTrial');
  }
  return failure;
}

function createBuiltInProfiler(name: string): Profiler {
  const factory = BUILT_IN_PROFILERS[name];
  if (factory === undefined) {
    throw new Error(
      `unknown profiler "${name}"; built-in profilers: ${Object.keys(BUILT_IN_PROFILERS).join(', ')}`,
    );
  }
  return factory();
}

function createInvocation(benchmark: BenchmarkDefinition, state: unknown, ctx: BenchmarkContext): Invocation {
  const hasVerify = benchmark.verify !== undefined;
  const hasTeardown = benchmark.teardownInvocation !== undefined;
  return {
    before:
      benchmark.setupInvocation === undefined
        ? undefined
        : () => inPhase('setupInvocation', () => benchmark.setupInvocation?.(state, ctx)),
    run: () => benchmark.run(state, blackhole, ctx),
    after(result: unknown): Promise<void> | undefined {
      blackhole.consume(result);
      if (!hasVerify && !hasTeardown) return undefined;
      return (async () => {
        if (hasVerify) await inPhase('verify', () => benchmark.verify?.(state, result, ctx));
        if (hasTeardown)
          await inPhase('teardownInvocation', () => benchmark.teardownInvocation?.(state, ctx));
      })();
    },
  };
}

/** Adds the profilers' timed-region hooks to an invocation, when any profiler has them. */
function withTimedRegion(invocation: Invocation, profilers: readonly Profiler[]): Invocation {
  const watching = profilers.filter(
    (profiler) => profiler.timedRegionStarted !== undefined || profiler.timedRegionEnded !== undefined,
  );
  if (watching.length === 0) return invocation;
  return {
    ...invocation,
    timedRegion: {
      started: () => {
        for (const profiler of watching) profiler.timedRegionStarted?.();
      },
      ended: () => {
        for (const profiler of watching) profiler.timedRegionEnded?.();
      },
    },
  };
}

async function runIteration(
  benchmark: BenchmarkDefinition,
  state: unknown,
  ctx: BenchmarkContext,
  task: ForkTask,
  profilers: readonly Profiler[],
  invocation: Invocation,
  iteration: { readonly warmup: boolean; readonly index: number },
  events: TrialEvents,
): Promise<IterationResult> {
  const { warmup, index } = iteration;
  const enter = (phase: PhaseChange['phase']): void => events.phase?.({ phase, iteration });
  enter('setupIteration');
  await inPhase('setupIteration', () => benchmark.setupIteration?.(state, ctx));
  enter('profilers.beforeIteration');
  // Collect the previous iteration's garbage now, outside timing and before profilers start watching.
  (globalThis as { gc?: () => void }).gc?.();
  for (const profiler of profilers) await inPhase('profilers', () => profiler.beforeIteration());
  enter('invocations');
  const timed: TimedIteration =
    task.mode === 'ss'
      ? await measureSingleShot(invocation, warmup ? task.settings.warmupBatchSize : task.settings.batchSize)
      : await measureForTime(
          invocation,
          warmup ? task.settings.warmupTimeMs : task.settings.measurementTimeMs,
        );
  const operations = benchmark.operationsPerInvocation ?? 1;
  const secondary: MetricSample[] = [];
  const histograms: HistogramSample[] = [];
  enter('profilers.afterIteration');
  for (const profiler of profilers) {
    const info = { invocations: timed.invocations, measuredNs: timed.measuredNs, warmup };
    secondary.push(...(await inPhase('profilers', () => profiler.afterIteration(info))));
    histograms.push(...(await inPhase('profilers', () => handedHistograms(profiler))));
  }
  enter('teardownIteration');
  await inPhase('teardownIteration', () => benchmark.teardownIteration?.(state, ctx));
  return {
    warmup,
    index,
    invocations: timed.invocations,
    measuredNs: timed.measuredNs,
    score: iterationScore(timed, task, operations),
    ...(task.mode === 'sample' ? { samples: samplesInUnit(timed, task, operations) } : {}),
    secondary,
    ...(histograms.length === 0 ? {} : { histograms }),
  };
}

/**
 * What a profiler's `histograms` handed over, checked here, where the profiler can be named: a
 * sample that is not an encoded histogram would otherwise surface only when the parent builds the
 * report, with nothing to say which profiler wrote it. Copied to plain data for the IPC channel.
 */
function handedHistograms(profiler: Profiler): HistogramSample[] {
  return (profiler.histograms?.() ?? []).map(({ name, unit, encoded }) => {
    const which = `profiler ${profiler.name}: histogram "${name}"`;
    if (name === '') throw new Error(`profiler ${profiler.name}: a histogram needs a name`);
    if (unit !== 'ms') throw new Error(`${which} has unit "${String(unit)}"; histograms read in ms`);
    try {
      LatencyHistogram.decode(encoded);
    } catch (error) {
      throw new Error(`${which} is ${errorMessage(error)}`, { cause: error });
    }
    return { name, unit, encoded };
  });
}

/**
 * An iteration's score: ops per unit (thrpt), time per op (avgt, sample), or the batch's time (ss, as
 * JMH), where one invocation counts as `operations` ops.
 */
function iterationScore(timed: TimedIteration, task: ForkTask, operations: number): number {
  if (task.mode === 'ss') return timed.measuredNs / operations / nanosecondsPer(task.unit);
  return scoreFromNanosecondsPerOp(timed.measuredNs / (timed.invocations * operations), task.mode, task.unit);
}

function samplesInUnit(timed: TimedIteration, task: ForkTask, operations: number): Float64Array {
  const perUnit = nanosecondsPer(task.unit) * operations;
  return Float64Array.from(timed.samplesNs, (sample) => sample / perUnit);
}

function toFailure(error: unknown, defaultPhase: string): ForkFailure {
  return {
    phase: error instanceof PhaseError ? error.phase : defaultPhase,
    message: errorMessage(error),
  };
}
