/**
 * A pure driver of adaptive sampling over simulated forks, and a noise model to feed it: what
 * `--auto` would decide, run without processes or clocks. The statistics tests use it to show
 * false-call rates and power on data with known truth.
 */
import { DEFAULT_MAX_FORKS_PER_SIDE, planNextForks } from './adaptive-sampling.js';
import { compareResults, type CompareOptions } from './compare-results.js';
import type { Comparison, ResultInput } from './model.js';
import { standardNormal } from './random.js';

/** Noise of a simulated benchmark, as coefficients of variation (log-normal). */
export interface NoiseModel {
  /** Spread of fork means around the true mean (run-to-run noise). */
  readonly forkCv: number;
  /** Spread of iterations around their fork's mean. */
  readonly iterationCv: number;
  readonly iterationsPerFork: number;
}

/** The noise the statistics are specified against: 3% between forks, 1% within, 5 iterations. */
export const REFERENCE_NOISE: NoiseModel = { forkCv: 0.03, iterationCv: 0.01, iterationsPerFork: 5 };

/** The iteration scores of one simulated fork of a benchmark whose true mean is `trueMean`. */
export function simulateFork(trueMean: number, noise: NoiseModel, random: () => number): number[] {
  const forkMean = trueMean * Math.exp(noise.forkCv * standardNormal(random));
  return Array.from(
    { length: noise.iterationsPerFork },
    () => forkMean * Math.exp(noise.iterationCv * standardNormal(random)),
  );
}

/**
 * The iteration scores of the two forks of one pair that took turns: a drift of the machine shared
 * by both (`pairCv`, log-normal), then each fork's own noise as in {@link simulateFork}.
 */
export function simulatePair(
  means: { readonly baseline: number; readonly candidate: number },
  noise: NoiseModel & { readonly pairCv: number },
  random: () => number,
): { readonly baseline: number[]; readonly candidate: number[] } {
  const drift = Math.exp(noise.pairCv * standardNormal(random));
  return {
    baseline: simulateFork(means.baseline * drift, noise, random),
    candidate: simulateFork(means.candidate * drift, noise, random),
  };
}

/** A result whose forks are produced on demand. */
export interface SimulatedResult {
  readonly result: Omit<ResultInput, 'baseline' | 'candidate'>;
  /** Runs fork number `fork` (0-based) of one side and returns its iteration scores. */
  readonly runFork: (side: 'baseline' | 'candidate', fork: number) => readonly number[];
}

/** Options of {@link simulateAdaptive}. */
export interface AdaptiveOptions {
  /** Forks per side before the first decision. Default 3. */
  readonly initialForks?: number;
  readonly maxForksPerSide?: number;
  readonly compare?: CompareOptions;
  /**
   * Record each fork pair as one round (both forks took turns in it, as `dbbench compare` runs
   * them), so results are compared over the pairs. Default false: no rounds.
   */
  readonly paired?: boolean;
}

/** The end of an adaptive run. */
export interface AdaptiveOutcome {
  readonly comparison: Comparison;
  /** Rounds of decisions taken (1 when the initial forks resolved everything). */
  readonly rounds: number;
  /** Indexes of results that were still unresolved at the fork limit. */
  readonly exhausted: readonly number[];
}

/**
 * Runs the initial forks of every result (alternating baseline and candidate: A B B A …), then
 * adds one fork pair to every unresolved result per round until each is resolved or at the limit.
 */
export function simulateAdaptive(
  results: readonly SimulatedResult[],
  options: AdaptiveOptions = {},
): AdaptiveOutcome {
  const forks = results.map(() => ({
    baseline: [] as (readonly number[])[],
    candidate: [] as (readonly number[])[],
    rounds: { baseline: [] as string[], candidate: [] as string[] },
  }));
  const addPair = (index: number): void => {
    const simulated = results[index] as SimulatedResult;
    const sides = forks[index] as (typeof forks)[number];
    const pair = sides.baseline.length;
    // Alternate which side goes first, so drift during a run falls on both sides equally.
    const order =
      pair % 2 === 0 ? (['baseline', 'candidate'] as const) : (['candidate', 'baseline'] as const);
    for (const side of order) {
      sides[side].push(simulated.runFork(side, pair));
      sides.rounds[side].push(`pair-${pair}`);
    }
  };
  for (let pair = 0; pair < (options.initialForks ?? 3); pair += 1)
    results.forEach((_, index) => addPair(index));
  for (let rounds = 1; ; rounds += 1) {
    const comparison = compareResults(
      {
        results: results.map((simulated, index) => {
          const { baseline, candidate, rounds } = forks[index]!;
          return { ...simulated.result, baseline, candidate, ...(options.paired === true ? { rounds } : {}) };
        }),
      },
      options.compare,
    );
    const decision = planNextForks(comparison, {
      maxForksPerSide: options.maxForksPerSide ?? DEFAULT_MAX_FORKS_PER_SIDE,
    });
    if (decision.needMore.length === 0) return { comparison, rounds, exhausted: decision.exhausted };
    for (const index of decision.needMore) addPair(index);
  }
}
