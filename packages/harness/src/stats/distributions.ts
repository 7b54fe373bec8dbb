/**
 * The distribution functions the statistics need (Student-t and normal quantiles, the Student-t CDF),
 * loaded on first use. Every fork imports the harness
 * through its suite module, and the @stdlib packages are about 570 files: loading them eagerly
 * cost each fork ~0.2 s of start-up (measured with strace and `import()` timings on this 2-core
 * machine), while only the parent ever computes an interval. Loading them lazily keeps that cost out
 * of every one of the hundreds of forks a full run starts.
 */
import { createRequire } from 'node:module';

type Distribution = (x: number, ...parameters: number[]) => number;

const require = createRequire(import.meta.url);
let studentT: Distribution | undefined;
let normal: Distribution | undefined;
let studentTCdf: Distribution | undefined;

/** Student-t quantile at `probability` with `degreesOfFreedom` (from @stdlib, loaded on first call). */
export function tQuantile(probability: number, degreesOfFreedom: number): number {
  studentT ??= require('@stdlib/stats-base-dists-t-quantile') as Distribution;
  return studentT(probability, degreesOfFreedom);
}

/** Normal quantile at `probability` for mean `mu` and deviation `sigma` (from @stdlib, loaded on first call). */
export function normalQuantile(probability: number, mu: number, sigma: number): number {
  normal ??= require('@stdlib/stats-base-dists-normal-quantile') as Distribution;
  return normal(probability, mu, sigma);
}

/** Student-t CDF at `x` with `degreesOfFreedom` (from @stdlib, loaded on first call). */
export function tCdf(x: number, degreesOfFreedom: number): number {
  studentTCdf ??= require('@stdlib/stats-base-dists-t-cdf') as Distribution;
  return studentTCdf(x, degreesOfFreedom);
}

let digammaFunction: ((x: number) => number) | undefined;
let trigammaFunction: ((x: number) => number) | undefined;

/** ψ(x), the digamma function (from @stdlib, loaded on first call). */
export function digamma(x: number): number {
  digammaFunction ??= require('@stdlib/math-base-special-digamma') as (x: number) => number;
  return digammaFunction(x);
}

/** ψ′(x), the trigamma function (from @stdlib, loaded on first call). */
export function trigamma(x: number): number {
  trigammaFunction ??= require('@stdlib/math-base-special-trigamma') as (x: number) => number;
  return trigammaFunction(x);
}
