/**
 * Iteration settings: harness defaults, overridden in order by the suite, the benchmark, the quick
 * profile and finally the command line.
 */
import type { IterationSettings, ParamSet, SuiteDefinition, TimeUnit } from '../define/definition.js';
import { defaultUnit } from '../define/units.js';
import type { Combination } from './run-plan.js';

/** Every iteration setting with a value. */
export type ResolvedSettings = Required<IterationSettings>;

/** Harness defaults: short enough for I/O benchmarks to finish, long enough for a confidence interval. */
export const DEFAULT_SETTINGS: ResolvedSettings = {
  warmupIterations: 3,
  warmupTimeMs: 1000,
  measurementIterations: 5,
  measurementTimeMs: 1000,
  batchSize: 1,
  warmupBatchSize: 1,
  forks: 1,
  timeoutMs: 10 * 60 * 1000,
};

/** Applies each layer's defined fields over the previous ones (later layers win). */
export function resolveSettings(...layers: readonly (IterationSettings | undefined)[]): ResolvedSettings {
  const resolved: { -readonly [K in keyof ResolvedSettings]: ResolvedSettings[K] } = { ...DEFAULT_SETTINGS };
  for (const layer of layers) {
    if (layer === undefined) continue;
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ResolvedSettings)[]) {
      const value = layer[key];
      if (value !== undefined) resolved[key] = value;
    }
  }
  return resolved;
}

/** A benchmark's iteration settings for one combination: fixed, or a function of its parameters. */
export function benchmarkIterations(
  iterations: IterationSettings | ((params: ParamSet) => IterationSettings) | undefined,
  params: ParamSet,
): IterationSettings | undefined {
  return typeof iterations === 'function' ? iterations(params) : iterations;
}

/** What decides one combination's settings besides the suite and the benchmark. */
export interface SettingsOverrides {
  /** The suite's quick profile applies (`--quick`). */
  readonly quick?: boolean;
  /** Settings from the command line (highest precedence). */
  readonly cliSettings?: IterationSettings;
}

/**
 * The settings one combination runs with: harness defaults, then the suite's, the benchmark's (for
 * these parameters), the quick profile's, and the command line's, later layers winning.
 */
export function combinationSettings(
  suite: SuiteDefinition,
  combination: Combination,
  overrides: SettingsOverrides = {},
): ResolvedSettings {
  return resolveSettings(
    suite.iterations,
    benchmarkIterations(combination.benchmark.iterations, combination.params),
    overrides.quick === true ? suite.quick?.iterations : undefined,
    overrides.cliSettings,
  );
}

/** The time unit of a combination's scores: `--unit`, else the benchmark's, else its mode's default. */
export function combinationUnit(combination: Combination, override?: TimeUnit): TimeUnit {
  return override ?? combination.benchmark.unit ?? defaultUnit(combination.mode);
}
