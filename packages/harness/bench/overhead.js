// Self-benchmark of the harness (not a test): what does the harness add to the measured cost of an
// empty async operation, compared with mitata's measure() alone, in the same process?
//
//   npm run build && npm run bench:self      (runs `node --expose-gc bench/overhead.js`)
//
// Timed: an `async () => {}` invocation, by each of
//   1. mitata measure() with its defaults (it batches calls this short, 4096 per sample),
//   2. mitata measure() with one sample per call (batch_threshold 0), the mode the harness uses,
//   3. the harness: runTrial() in avgt, the lifecycle a fork runs (manual mode, hooks around the op).
// Not timed: process start, imports. Rounds alternate the three so machine noise hits all of them.
import { measure } from 'mitata';
import { DEFAULT_SETTINGS } from '../dist/settings.js';
import { runTrial } from '../dist/trial-runner.js';
import { mean, percentile } from '../dist/statistics.js';

const ROUNDS = 5;
const ITERATION_MS = 400;

const emptyAsync = async () => {};

async function mitataDefaults() {
  return (await measure(emptyAsync, { min_cpu_time: ITERATION_MS * 1e6 })).avg;
}

async function mitataPerCall() {
  const stats = await measure(emptyAsync, {
    min_cpu_time: ITERATION_MS * 1e6,
    batch_threshold: 0,
    samples_threshold: Number.POSITIVE_INFINITY,
  });
  return mean(stats.samples);
}

async function harness(profilers = []) {
  const scores = [];
  const secondary = [];
  const benchmark = {
    description: 'empty async op',
    axes: [],
    mode: 'avgt',
    setupTrial: () => ({}),
    run: emptyAsync,
  };
  const task = {
    suiteModule: '',
    benchmarkName: 'empty',
    mode: 'avgt',
    params: {},
    settings: {
      ...DEFAULT_SETTINGS,
      warmupIterations: 1,
      warmupTimeMs: 100,
      measurementIterations: 1,
      measurementTimeMs: ITERATION_MS,
    },
    unit: 'ns',
    runContext: null,
    fork: 0,
    profilers,
  };
  const failure = await runTrial(benchmark, task, {
    iteration: (iteration) => {
      if (!iteration.warmup) {
        scores.push(iteration.score);
        secondary.push(...iteration.secondary);
      }
    },
    log: () => {},
  });
  if (failure !== undefined) throw new Error(`${failure.phase}: ${failure.message}`);
  return { nsPerOp: mean(scores), secondary };
}

const results = { mitataDefaults: [], mitataPerCall: [], harness: [] };
for (let round = 0; round < ROUNDS; round++) {
  results.mitataDefaults.push(await mitataDefaults());
  results.mitataPerCall.push(await mitataPerCall());
  results.harness.push((await harness()).nsPerOp);
}
const allocation = (await harness(['gc'])).secondary.find((metric) => metric.name === 'gc.alloc.rate.norm');

const median = (values) => percentile(values, 50);
const baseline = median(results.mitataPerCall);
console.log(
  `Empty async operation, ${ROUNDS} rounds of ${ITERATION_MS} ms, medians (node ${process.version})`,
);
console.log('| measured by | ns/op | ratio to mitata per call |');
console.log('| --- | ---: | ---: |');
for (const [name, label] of [
  ['mitataDefaults', 'mitata measure(), defaults (batched)'],
  ['mitataPerCall', 'mitata measure(), one sample per call'],
  ['harness', 'dbbench harness (runTrial, avgt)'],
]) {
  const value = median(results[name]);
  console.log(`| ${label} | ${value.toFixed(1)} | ${(value / baseline).toFixed(2)} |`);
}
console.log(
  `harness bookkeeping allocation for an empty op: ${allocation?.value.toFixed(0)} B/op (gc.alloc.rate.norm)`,
);
