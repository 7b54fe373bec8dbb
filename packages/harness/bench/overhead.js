// Self-benchmark of the harness (not a test): what does the harness add to the measured cost of an
// operation, compared with the cheapest way to time it (a bare awaited loop) and with mitata's
// measure() alone, in the same process?
//
//   npm run build && npm run bench:self      (runs `node --expose-gc bench/overhead.js`)
//
// Operations:
//   - empty: `async () => {}`, the worst case: everything measured is overhead;
//   - round trip: one byte to an echo server in another process over loopback TCP and back, the
//     shape of a `SELECT 1` (a request, a socket read, a resolved promise), without a database.
// Timed, for each operation, by each of
//   1. a bare awaited loop: `for (…) await op()`, one clock read per batch of calls (the floor);
//   2. a bare loop with a clock read around each awaited call (what per-call timing must cost);
//   3. mitata measure() with its defaults (it batches calls under ~65 µs, 4096 per sample);
//   4. mitata measure() with one sample per call (batch_threshold 0), the mode the harness uses;
//   5. the harness: runTrial() in avgt, the lifecycle a fork runs (manual mode, hooks around the op).
// Not timed: process start, imports, the echo server's start. Each round runs all five in turn, so
// machine noise hits all of them. The table shows, per method, the best round and the median round:
// on a shared machine interference only ever adds time, so the best round is the closest to each
// method's own cost, and the ratios are taken between best rounds.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { measure } from 'mitata';
import { DEFAULT_SETTINGS } from '../dist/plan/settings.js';
import { runTrial } from '../dist/fork/trial-runner.js';
import { mean, percentile } from '../dist/stats/statistics.js';

const ROUNDS = 7;
// The harness's default measurement iteration. Shorter ones inflate every per-call method alike for
// slow operations: a fixed cost per iteration (a freshly compiled timing loop, a collection) is then
// shared by few calls.
const ITERATION_MS = 1000;

const emptyAsync = async () => {};

async function bareLoop(op, batch) {
  let calls = 0;
  const start = performance.now();
  let elapsedMs = 0;
  do {
    for (let call = 0; call < batch; call++) await op();
    calls += batch;
    elapsedMs = performance.now() - start;
  } while (elapsedMs < ITERATION_MS);
  return (elapsedMs * 1e6) / calls;
}

async function barePerCall(op) {
  let calls = 0;
  let timedMs = 0;
  const end = performance.now() + ITERATION_MS;
  while (performance.now() < end) {
    const start = performance.now();
    await op();
    timedMs += performance.now() - start;
    calls++;
  }
  return (timedMs * 1e6) / calls;
}

async function mitataDefaults(op) {
  return (await measure(op, { min_cpu_time: ITERATION_MS * 1e6 })).avg;
}

async function mitataPerCall(op) {
  const stats = await measure(op, {
    min_cpu_time: ITERATION_MS * 1e6,
    batch_threshold: 0,
    samples_threshold: Number.POSITIVE_INFINITY,
  });
  return mean(stats.samples);
}

async function harness(op, profilers = []) {
  const scores = [];
  const secondary = [];
  const benchmark = { description: 'overhead', axes: [], mode: 'avgt', setupTrial: () => ({}), run: op };
  const task = {
    suiteModule: '',
    benchmarkName: 'overhead',
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

/** An echo server in another process, like a database server, and a one-byte round trip to it. */
async function startEchoRoundTrip() {
  const server = spawn(
    process.execPath,
    [
      '-e',
      "require('node:net').createServer((s) => { s.setNoDelay(true); s.pipe(s); })" +
        ".listen(0, '127.0.0.1', function () { console.log(this.address().port); });",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = await once(server.stdout, 'data');
  const socket = connect(Number(String(chunk).trim()), '127.0.0.1');
  socket.setNoDelay(true);
  await once(socket, 'connect');
  const byte = Buffer.from([1]);
  const roundTrip = () =>
    new Promise((resolve) => {
      socket.once('data', resolve);
      socket.write(byte);
    });
  const stop = () => {
    socket.destroy();
    server.kill();
  };
  return { roundTrip, stop };
}

const METHODS = [
  ['bareLoop', 'bare awaited loop, one clock read per batch'],
  ['barePerCall', 'bare awaited loop, clock read around each call'],
  ['mitataDefaults', 'mitata measure(), defaults (batched)'],
  ['mitataPerCall', 'mitata measure(), one sample per call'],
  ['harness', 'dbbench harness (runTrial, avgt)'],
];

async function compareMethods(op, batch) {
  const results = Object.fromEntries(METHODS.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    results.bareLoop.push(await bareLoop(op, batch));
    results.barePerCall.push(await barePerCall(op));
    results.mitataDefaults.push(await mitataDefaults(op));
    results.mitataPerCall.push(await mitataPerCall(op));
    results.harness.push((await harness(op)).nsPerOp);
  }
  return Object.fromEntries(
    METHODS.map(([name]) => [
      name,
      { best: Math.min(...results[name]), median: percentile(results[name], 50) },
    ]),
  );
}

function printTable(title, measured, unit, scale) {
  const digits = unit === 'ns' ? 1 : 2;
  const bare = measured.bareLoop.best;
  const mitata = measured.mitataPerCall.best;
  console.log(`\n${title}`);
  console.log(
    `| measured by | best ${unit}/op | median ${unit}/op | best ÷ bare loop | best ÷ mitata per call |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, label] of METHODS) {
    const { best, median } = measured[name];
    const cells = [(best / scale).toFixed(digits), (median / scale).toFixed(digits)];
    console.log(
      `| ${label} | ${cells.join(' | ')} | ${(best / bare).toFixed(2)} | ${(best / mitata).toFixed(2)} |`,
    );
  }
  const added = measured.harness.best - bare;
  console.log(`harness − bare loop (best rounds): ${added.toFixed(0)} ns per op`);
}

const [load1] = loadavg();
console.log(
  `${ROUNDS} rounds of ${ITERATION_MS} ms per method (node ${process.version}, load average ${load1.toFixed(1)})`,
);
printTable('Empty async operation', await compareMethods(emptyAsync, 1024), 'ns', 1);
const echo = await startEchoRoundTrip();
try {
  printTable(
    'Loopback TCP round trip to another process (1 byte)',
    await compareMethods(echo.roundTrip, 16),
    'µs',
    1000,
  );
} finally {
  echo.stop();
}
const allocation = (await harness(emptyAsync, ['gc'])).secondary.find(
  (metric) => metric.name === 'gc.alloc.rate.norm',
);
console.log(
  `\nharness bookkeeping allocation for an empty op: ${allocation?.value.toFixed(0)} B/op (gc.alloc.rate.norm)`,
);
