/**
 * Splitting a list of weighted items into shards of about equal total weight: the greedy "longest
 * item first" rule (LPT). Deterministic for the same keys and weights, whatever their order.
 */

/** One item to place: a unique key (the tie-breaker) and its weight, e.g. an estimated duration in ms. */
export interface WeightedItem {
  readonly key: string;
  readonly weight: number;
}

/**
 * Assigns every item to one of `count` shards, returning the 0-based shard index of each item in
 * input order. Items are placed heaviest first (ties broken by key), each on the shard with the
 * lowest total so far (ties: the lowest index). The heaviest shard therefore exceeds the lightest by
 * at most the weight of the last item placed on it, so by at most the heaviest item.
 */
export function balanceShards(items: readonly WeightedItem[], count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`shard count ${count}: expected ≥ 1`);
  const order = items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => b.weight - a.weight || compareKeys(a.key, b.key));
  const totals = new Array<number>(count).fill(0);
  const shardOf = new Array<number>(items.length).fill(0);
  for (const item of order) {
    let lightest = 0;
    for (let shard = 1; shard < count; shard++) {
      if ((totals[shard] ?? 0) < (totals[lightest] ?? 0)) lightest = shard;
    }
    totals[lightest] = (totals[lightest] ?? 0) + item.weight;
    shardOf[item.index] = lightest;
  }
  return shardOf;
}

/** Code-unit order, independent of the locale. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
