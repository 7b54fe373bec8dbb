/**
 * Seeded randomness for the comparison: the same result compared twice gives the same interval,
 * on any machine and any Node version, so a re-rendered report does not change by chance.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * A seeded generator of numbers in [0, 1): pure-rand's xoroshiro128+ (53 bits a number), the one
 * the project uses everywhere (the workload's source rows too). The algorithm is fixed and the
 * package version pinned, which is what keeps outputs reproducible.
 */
export function seededRandom(seed: number): () => number {
  const generator = xoroshiro128plus(seed);
  return () => uniformFloat64(generator);
}

/** 32-bit FNV-1a hash of a string: the seed of a result is the hash of its identity. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Fisher–Yates with the given source of randomness (seeded in tests). */
export function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const result = [...values];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const pick = Math.floor(random() * (index + 1));
    [result[index], result[pick]] = [result[pick] as T, result[index] as T];
  }
  return result;
}

/** A uniformly chosen integer in [0, size). */
export function randomIndex(random: () => number, size: number): number {
  return Math.floor(random() * size);
}

/**
 * A standard normal variate (Box–Muller) from a uniform generator; for simulations, which need
 * Gaussian noise reproducibly.
 */
export function standardNormal(random: () => number): number {
  // 1 − u lies in (0, 1], so the logarithm is finite.
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  return radius * Math.cos(2 * Math.PI * random());
}
