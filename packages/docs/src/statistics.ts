/**
 * The statistics of the comparison: a Mann–Whitney U test on raw iteration scores and a seeded
 * bootstrap of the ratio of means. Plain code, no I/O, deterministic for a given seed.
 */

/** Arithmetic mean; NaN for an empty sample. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** The result of {@link mannWhitneyU}. */
export interface MannWhitneyResult {
  /** U statistic of the first sample. */
  readonly u: number;
  /** Two-sided p-value. */
  readonly pValue: number;
  /** Whether the p-value is exact (no ties, small samples) or from the normal approximation. */
  readonly exact: boolean;
}

/** Samples up to this size (each) without ties get an exact p-value. */
const EXACT_MAX_SAMPLE = 40;

/**
 * Two-sided Mann–Whitney U test: are the two samples from the same distribution? Exact for small
 * samples without ties; otherwise the normal approximation with tie and continuity correction.
 */
export function mannWhitneyU(first: readonly number[], second: readonly number[]): MannWhitneyResult {
  const n1 = first.length;
  const n2 = second.length;
  if (n1 === 0 || n2 === 0) return { u: Number.NaN, pValue: Number.NaN, exact: false };
  const combined = [
    ...first.map((value) => ({ value, fromFirst: true })),
    ...second.map((value) => ({ value, fromFirst: false })),
  ].sort((a, b) => a.value - b.value);
  let rankSumFirst = 0;
  let tieCorrection = 0;
  for (let start = 0; start < combined.length; ) {
    let end = start;
    while (end + 1 < combined.length && combined[end + 1]!.value === combined[start]!.value) end += 1;
    const averageRank = (start + end) / 2 + 1;
    const tied = end - start + 1;
    if (tied > 1) tieCorrection += tied ** 3 - tied;
    for (let index = start; index <= end; index += 1) {
      if (combined[index]!.fromFirst) rankSumFirst += averageRank;
    }
    start = end + 1;
  }
  const u = rankSumFirst - (n1 * (n1 + 1)) / 2;
  const uSmaller = Math.min(u, n1 * n2 - u);
  if (tieCorrection === 0 && n1 <= EXACT_MAX_SAMPLE && n2 <= EXACT_MAX_SAMPLE) {
    return { u, pValue: Math.min(1, 2 * exactLowerTail(n1, n2, uSmaller)), exact: true };
  }
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieCorrection / (n * (n - 1)));
  if (variance <= 0) return { u, pValue: 1, exact: false };
  const z = Math.max(0, Math.abs(u - (n1 * n2) / 2) - 0.5) / Math.sqrt(variance);
  return { u, pValue: z === 0 ? 1 : Math.min(1, 2 * (1 - normalCdf(z))), exact: false };
}

/** P(U ≤ u) under the null hypothesis, by counting rank arrangements (no ties). */
function exactLowerTail(n1: number, n2: number, u: number): number {
  // counts[i][j] is the distribution of U for samples of size i and j, built by the recurrence
  // f(i, j, u) = f(i - 1, j, u - j) + f(i, j - 1, u): the largest value belongs to one sample or the other.
  const maxU = n1 * n2;
  let previousRow: Float64Array[] = [];
  for (let i = 0; i <= n1; i += 1) {
    const row: Float64Array[] = [];
    for (let j = 0; j <= n2; j += 1) {
      const distribution = new Float64Array(maxU + 1);
      if (i === 0 || j === 0) {
        distribution[0] = 1;
      } else {
        const withoutFirst = previousRow[j]!;
        const withoutSecond = row[j - 1]!;
        for (let value = 0; value <= i * j; value += 1) {
          distribution[value] = withoutSecond[value]! + (value >= j ? withoutFirst[value - j]! : 0);
        }
      }
      row.push(distribution);
    }
    previousRow = row;
  }
  const final = previousRow[n2]!;
  let total = 0;
  let tail = 0;
  for (let value = 0; value <= maxU; value += 1) {
    total += final[value]!;
    if (value <= u) tail += final[value]!;
  }
  return tail / total;
}

/** Standard normal CDF via the complementary error function. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Complementary error function (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(initialState: number): () => number {
  let state = initialState >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash, to derive a bootstrap seed from a result's key. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A confidence interval. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * Percentile-bootstrap confidence interval of mean(current) / mean(baseline): resample both samples
 * with replacement `resamples` times using a generator seeded with `randomSeed`.
 */
export function bootstrapRatioOfMeans(
  current: readonly number[],
  baseline: readonly number[],
  options: { readonly randomSeed: number; readonly resamples?: number; readonly confidence?: number },
): Interval {
  const resamples = options.resamples ?? 2000;
  const confidence = options.confidence ?? 0.95;
  const random = seededRandom(options.randomSeed);
  const resampledMean = (sample: readonly number[]): number => {
    let sum = 0;
    for (let index = 0; index < sample.length; index += 1) {
      sum += sample[Math.floor(random() * sample.length)]!;
    }
    return sum / sample.length;
  };
  const ratios: number[] = [];
  for (let index = 0; index < resamples; index += 1) {
    const currentMean = resampledMean(current);
    const baselineMean = resampledMean(baseline);
    ratios.push(currentMean / baselineMean);
  }
  ratios.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  const lowIndex = Math.floor(tail * resamples);
  const highIndex = Math.min(resamples - 1, Math.ceil((1 - tail) * resamples) - 1);
  return { low: ratios[lowIndex]!, high: ratios[highIndex]! };
}
