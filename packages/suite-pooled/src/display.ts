/**
 * How the pooled suite's results read in the docs: the display names of its axis values (the bulk
 * path and the writers named as the engine names them) and the questions the suite exists to answer,
 * each a pair of results the docs turn into a ratio with its interval. The docs know none of these
 * names. Built in the parent from the engine name the suite module was made for: an entry point, so
 * it looks the engine up by name.
 */
import { driverLabels, driverNames, engineNamed, type EngineName } from '@dbbench/databases';
import type { AnswerDeclaration, ChartDeclaration, SuiteDisplay } from '@dbbench/harness';
import { pooledJobLikeStreaming } from '@dbbench/suite-kit';
import { WRITER_NAMES, writerDisplayName } from './job/job-writers.js';
import { MULTI_ROW_BATCH_SIZE } from './seed/seed-strategies.js';

/** The size the job questions are asked at: the largest default, where the job's costs dominate. */
const LARGE = '100000';

/** Contention questions: the most callers per connection the default matrix has, no CPU quota. */
const CROWD = { poolSize: '10', concurrency: '1000', cpus: 'none' } as const;

/** The WAS questions (pool size or CPUs?): 100 callers waiting without a timeout. */
const WAS = { benchmark: 'contention', acquireTimeout: 'none', concurrency: '100' } as const;

/** The driver question under load: 100 callers on 10 connections, no timeout, no quota. */
const CONTENDED = { poolSize: '10', concurrency: '100', acquireTimeout: 'none', cpus: 'none' } as const;

/** The job's pool unless a question is about the pool: 10 connections, enough for its 8 partitions. */
const JOB_POOL = { poolSize: '10' } as const;

/** The configuration every writer runs at every size: 4 partitions in chunks of 5000. */
const EVERY_SIZE = { ...JOB_POOL, partitions: '4', chunkSize: '5000' } as const;

/** The pool questions: 8 partitions of the bulk writer in chunks of 5000. */
const EIGHT_PARTITIONS = { partitions: '8', chunkSize: '5000', writer: 'copy' } as const;

/** One partition count against another for every writer, at 100k rows in chunks of 5000. */
function partitionsAnswer(question: string, from: string, to: string): AnswerDeclaration {
  const at = { ...JOB_POOL, dataSize: LARGE, chunkSize: '5000' };
  return {
    question,
    baseline: { benchmark: 'job', where: { ...at, partitions: from } },
    candidate: { benchmark: 'job', where: { ...at, partitions: to } },
    per: ['writer'],
    context: 'moving 100,000 rows in chunks of 5,000',
  };
}

/** One writer against another at every size, as declared (no best-of pick: its winner would look better than it is). */
function writerAnswer(question: string, from: string, to: string): AnswerDeclaration {
  return {
    question,
    baseline: { benchmark: 'job', where: { ...EVERY_SIZE, writer: from } },
    candidate: { benchmark: 'job', where: { ...EVERY_SIZE, writer: to } },
    per: ['dataSize'],
    context: 'to move {dataSize} rows on 4 partitions in chunks of 5,000',
  };
}

/** One pool size against another for 8 partitions of the bulk writer, at every size the pool grid has. */
function poolAnswer(question: string, from: string, to: string, bulkName: string): AnswerDeclaration {
  return {
    question,
    baseline: { benchmark: 'job', where: { ...EIGHT_PARTITIONS, poolSize: from } },
    candidate: { benchmark: 'job', where: { ...EIGHT_PARTITIONS, poolSize: to } },
    per: ['dataSize'],
    context: `moving {dataSize} rows on 8 partitions (${bulkName} chunks of 5,000)`,
  };
}

/** Chunks of 500 against 5000 rows for every writer on 4 partitions, at one data size. */
function chunksAnswer(question: string, dataSize: string): AnswerDeclaration {
  return {
    question,
    baseline: { benchmark: 'job', where: { ...JOB_POOL, dataSize, partitions: '4', chunkSize: '500' } },
    candidate: { benchmark: 'job', where: { ...JOB_POOL, dataSize, partitions: '4', chunkSize: '5000' } },
    per: ['writer'],
    context: `moving ${Number(dataSize).toLocaleString('en-US')} rows on 4 partitions`,
  };
}

function answers(
  bulkName: string,
  drivers: readonly string[],
  driverLabelsOf: Readonly<Record<string, string>>,
): AnswerDeclaration[] {
  // The contention questions other than the driver's ask about the engine's first driver.
  const crowd = { ...CROWD, driver: drivers[0] ?? '' };
  return [
    {
      question: `${bulkName} or multi-row INSERT to load a table?`,
      baseline: { benchmark: 'seed', where: { strategy: 'multiRow' } },
      candidate: { benchmark: 'seed', where: { strategy: 'bulk' } },
      per: ['dataSize'],
      context: 'to load {dataSize} rows',
    },
    {
      question: 'Multi-row INSERT or one INSERT per row?',
      baseline: { benchmark: 'seed', where: { strategy: 'rowByRow' } },
      candidate: { benchmark: 'seed', where: { strategy: 'multiRow' } },
      per: ['dataSize'],
      context: 'to load {dataSize} rows',
    },
    writerAnswer(
      'Which job writer: the Kysely transaction or chunk + checkpoint in one round trip?',
      'kysely',
      'atomic',
    ),
    writerAnswer(`… or the bulk path (${bulkName}) per chunk?`, 'atomic', 'copy'),
    partitionsAnswer('How many partitions for the batch job: 1 or 2?', '1', '2'),
    partitionsAnswer('… and 2 or 4?', '2', '4'),
    partitionsAnswer('… and 4 or 8?', '4', '8'),
    poolAnswer('8 partitions on a pool of 2: how much slower than on a pool of 10?', '10', '2', bulkName),
    poolAnswer(
      'Does a pool larger than the partitions help: 30 or 10 connections for 8 partitions?',
      '10',
      '30',
      bulkName,
    ),
    // Not at 1000 rows: 250 rows a partition fit one chunk of either size, so the two do the same work.
    chunksAnswer('Chunks of 500 or 5000 rows?', LARGE),
    chunksAnswer('… and at 10,000 rows?', '10000'),
    {
      question: 'How close does the fastest job writer come to the server-side reference (INSERT … SELECT)?',
      baseline: { benchmark: 'limit', label: 'INSERT … SELECT on the server' },
      candidate: {
        benchmark: 'job',
        where: { ...EVERY_SIZE, writer: 'copy' },
        label: `the ${bulkName} job on 4 partitions in chunks of 5,000`,
      },
      per: ['dataSize'],
      phrasing: 'share',
    },
    {
      question: 'What pool size for concurrent callers: 10 or 60 connections?',
      baseline: {
        benchmark: 'contention',
        where: { acquireTimeout: 'none', poolSize: '10', cpus: 'none', driver: crowd.driver },
      },
      candidate: {
        benchmark: 'contention',
        where: { acquireTimeout: 'none', poolSize: '60', cpus: 'none', driver: crowd.driver },
      },
      per: ['concurrency'],
      context: 'in requests per second at {concurrency} callers',
    },
    {
      question: 'What does a 10 ms acquire timeout do to the p99 latency of 1000 callers on 10 connections?',
      baseline: { benchmark: 'contention', where: { ...crowd, acquireTimeout: 'none' } },
      candidate: { benchmark: 'contention', where: { ...crowd, acquireTimeout: '10ms' } },
      metric: 'latency.p99',
      phrasing: 'value',
    },
    {
      question: '… and to the share of requests that succeed?',
      baseline: { benchmark: 'contention', where: { ...crowd, acquireTimeout: 'none' } },
      candidate: { benchmark: 'contention', where: { ...crowd, acquireTimeout: '10ms' } },
      metric: 'successRate',
      phrasing: 'value',
    },
    ...serverCpuAnswers(crowd.driver),
    ...clientAnswers(drivers[0] ?? ''),
    ...driverAnswers(drivers, driverLabelsOf),
    // Last: a question's place is recorded in every result, so questions added at the end leave the
    // places of those already in committed reports as they were.
    ...rateAnswers(),
  ];
}

/** The open loop's primary-key SELECT without a timeout or latency limit. */
const OPEN_LOOP = { query: 'selectById', acquireTimeout: 'none', latencyLimit: 'none' } as const;

/**
 * The open loop's questions: what a larger pool does to the latency users see at each arrival rate
 * (from the intended start, so queueing for a connection counts), and the seed's fail-fast lesson
 * at the top rate, where requests queue: the p99 and the share of requests served.
 */
function rateAnswers(): AnswerDeclaration[] {
  const overloaded = { ...OPEN_LOOP, poolSize: '10', rate: '8000' };
  return [
    {
      question:
        'Open loop: at what rate of primary-key SELECTs does the p99 latency pass 10 ms on a pool of 10?',
      baseline: { benchmark: 'rate', where: { ...OPEN_LOOP, poolSize: '10' } },
      candidate: { benchmark: 'rate', where: { ...OPEN_LOOP, poolSize: '10' } },
      metric: 'latency.p99',
      crossing: { along: 'rate', bound: 10 },
    },
    {
      question: 'Open loop: what does a pool of 60 instead of 10 do to the p99 latency users see?',
      baseline: { benchmark: 'rate', where: { ...OPEN_LOOP, poolSize: '10' } },
      candidate: { benchmark: 'rate', where: { ...OPEN_LOOP, poolSize: '60' } },
      per: ['rate'],
      metric: 'latency.p99',
      phrasing: 'value',
      context: 'at {rate} primary-key SELECTs a second, from each one’s intended start',
    },
    {
      question:
        'Open loop at 8000 requests a second on 10 connections: what does a 10 ms acquire timeout do to the p99?',
      baseline: { benchmark: 'rate', where: overloaded },
      candidate: { benchmark: 'rate', where: { ...overloaded, acquireTimeout: '10ms' } },
      metric: 'latency.p99',
      phrasing: 'value',
    },
    {
      question: '… and to the share of arrivals served?',
      baseline: { benchmark: 'rate', where: overloaded },
      candidate: { benchmark: 'rate', where: { ...overloaded, acquireTimeout: '10ms' } },
      metric: 'successRate',
      phrasing: 'value',
    },
  ];
}

/**
 * What stands between a request and the driver: the query builder (Kysely against the same SQL text
 * sent with the driver's own call, both on the metered pool), then dbbench's meter (that raw call on
 * the metered pool against the driver's own pool, nothing of dbbench's between).
 */
function clientAnswers(driver: string): AnswerDeclaration[] {
  const at = { benchmark: 'queries', poolSize: '10', driver, statements: 'unprepared' } as const;
  const { benchmark, ...where } = at;
  return [
    {
      question:
        'What does the query builder add per request: Kysely, or the driver’s own call with the same SQL?',
      baseline: { benchmark, where: { ...where, client: 'raw' } },
      candidate: { benchmark, where: { ...where, client: 'kysely' } },
      per: ['query'],
      context: 'for {query}, one caller on a pool of 10',
    },
    {
      question:
        '… and dbbench’s metered pool: how close does the raw call on it come to the driver’s own pool?',
      baseline: { benchmark, where: { ...where, client: 'driver' } },
      candidate: { benchmark, where: { ...where, client: 'raw' } },
      per: ['query'],
      context: 'for {query}, one caller on a pool of 10',
    },
  ];
}

/**
 * Which Node driver: the engine's second against its first, on equal terms (the same SQL, the same
 * settings, unprepared as Kysely sends them), through the driver's own call on the metered pool and
 * through Kysely; then what preparing the statement once per connection does for each driver.
 */
function driverAnswers(
  drivers: readonly string[],
  labels: Readonly<Record<string, string>>,
): AnswerDeclaration[] {
  const [first, second] = drivers;
  if (first === undefined || second === undefined) return [];
  const benchmark = 'queries';
  const at = { poolSize: '10', statements: 'unprepared' } as const;
  return [
    {
      question: `Which driver for one request at a time: ${labels[first] ?? first} or ${labels[second] ?? second}, the same SQL through each one’s own call?`,
      baseline: { benchmark, where: { ...at, client: 'raw', driver: first } },
      candidate: { benchmark, where: { ...at, client: 'raw', driver: second } },
      per: ['query'],
      context: 'for {query}, one caller on a pool of 10, statements not prepared',
    },
    {
      question: '… and under Kysely?',
      baseline: { benchmark, where: { ...at, client: 'kysely', driver: first } },
      candidate: { benchmark, where: { ...at, client: 'kysely', driver: second } },
      per: ['query'],
      context: 'for {query}, one caller on a pool of 10',
    },
    {
      question: '… and under load: 100 callers sharing 10 connections?',
      baseline: { benchmark: 'contention', where: { ...CONTENDED, driver: first } },
      candidate: { benchmark: 'contention', where: { ...CONTENDED, driver: second } },
      context: 'in requests per second (each SELECT 1), 100 callers on a pool of 10',
    },
    {
      question: 'Prepared or not: the primary-key SELECT prepared once per connection, or sent unprepared?',
      baseline: {
        benchmark,
        where: { poolSize: '10', client: 'raw', query: 'selectById', statements: 'unprepared' },
      },
      candidate: {
        benchmark,
        where: { poolSize: '10', client: 'raw', query: 'selectById', statements: 'prepared' },
      },
      per: ['driver'],
      context: 'on {driver}, through its own call on the metered pool, one caller',
    },
  ];
}

/**
 * The WAS matrix's question on a database: which matters more here, the pool size or the server's
 * CPUs? Two answers side by side, each the largest step the matrix has on its own axis with the
 * other held: all the machine's cores (no quota) against half a core at every pool size, and 6× the
 * pool at every quota; then what the CPUs do to the tail.
 */
function serverCpuAnswers(driver: string): AnswerDeclaration[] {
  const { benchmark, ...was } = WAS;
  const at = { ...was, driver };
  return [
    {
      question:
        "Which matters more here, the pool size or the server's CPUs: every core (no quota) or 0.5 CPU, at 100 callers?",
      baseline: { benchmark, where: { ...at, cpus: '0.5' } },
      candidate: { benchmark, where: { ...at, cpus: 'none' } },
      per: ['poolSize'],
      context: 'in requests per second on a pool of {poolSize}',
    },
    {
      question: '… or 60 connections instead of 10, at the same 100 callers?',
      baseline: { benchmark, where: { ...at, poolSize: '10' } },
      candidate: { benchmark, where: { ...at, poolSize: '60' } },
      per: ['cpus'],
      context: 'in requests per second, the server on {cpus}',
    },
    {
      question: 'What does every core instead of 0.5 CPU do to the p99 latency on a pool of 10?',
      baseline: { benchmark, where: { acquireTimeout: 'none', poolSize: '10', cpus: '0.5', driver } },
      candidate: { benchmark, where: { acquireTimeout: 'none', poolSize: '10', cpus: 'none', driver } },
      per: ['concurrency'],
      metric: 'latency.p99',
      phrasing: 'value',
      context: 'at {concurrency} callers',
    },
  ];
}

/**
 * Where a pool smaller than the partitions puts the job's time (acquire waits against the pool size),
 * what the server's CPUs do to the tail, and the drivers: one caller's latency per client, and the
 * throughput of 100 callers.
 */
function charts(bulkName: string, firstDriver: string): ChartDeclaration[] {
  return [
    {
      name: 'pool-waits',
      title: `job: acquire wait p95 against pool size (${bulkName} chunks of 5,000)`,
      benchmark: 'job',
      metric: 'pool.acquireWait.p95',
      x: 'poolSize',
      series: 'partitions',
      where: { chunkSize: '5000', writer: 'copy' },
      caption:
        'A partition of this writer holds one connection while it runs: on a pool smaller than the partitions the rest wait for one, and the p95 wait grows to a large share of the job, while on a pool at least as large it stays near zero. The job’s own time is in the table above.',
    },
    {
      name: 'cpu-latency',
      title: 'contention: p99 latency against callers, per server CPU quota (pool of 10)',
      benchmark: 'contention',
      metric: 'latency.p99',
      x: 'concurrency',
      series: 'cpus',
      where: { poolSize: '10', acquireTimeout: 'none', driver: firstDriver },
      caption:
        "Each line is the server held to a CPU quota (its cgroup's, read back before every fork), the pool fixed at 10 connections: with more callers than connections the wait for one grows the tail, and a server with less CPU serves each request more slowly, so every caller waits longer for its turn.",
    },
    {
      name: 'saturation-p99',
      title: 'rate: p99 latency from the intended start against the throughput achieved, per pool size',
      benchmark: 'rate',
      metric: 'latency.p99',
      x: 'rate',
      xMetric: 'requests/s',
      series: 'poolSize',
      where: OPEN_LOOP,
      caption:
        'Primary-key SELECTs arrive on a Poisson schedule at 500 to 8000 a second (one point each, joined in that order), each timed from when it was meant to start; x is the rate of successful requests achieved. While the pool keeps up, the point moves right at a p99 near one round trip; past what it serves, the line turns up: the throughput stops growing and the arrivals queue for a connection (the latency–throughput knee).',
    },
    {
      name: 'saturation-p50',
      title: 'rate: median latency from the intended start against the throughput achieved, per pool size',
      benchmark: 'rate',
      metric: 'latency.p50',
      x: 'rate',
      xMetric: 'requests/s',
      series: 'poolSize',
      where: OPEN_LOOP,
      caption:
        'The same arrivals’ median: a knee in the median, not only in the tail, means the pool is saturated rather than stalled now and then.',
    },
    {
      name: 'drivers',
      title:
        'queries: primary-key SELECT latency per client, one line per Node driver (pool of 10, unprepared)',
      benchmark: 'queries',
      metric: 'score',
      x: 'client',
      series: 'driver',
      where: { query: 'selectById', poolSize: '10', statements: 'unprepared' },
      caption:
        'One caller sends the same SQL through Kysely, through the driver’s own call on dbbench’s metered pool, and through the driver’s own pool, on each of the engine’s two drivers held to the same settings. The gap between clients is what the builder and the meter cost; the gap between lines is the driver.',
    },
    {
      name: 'drivers-under-load',
      title: 'contention: requests per second of 100 callers on a pool of 10, per Node driver',
      benchmark: 'contention',
      metric: 'score',
      x: 'driver',
      where: CONTENDED,
      caption:
        'The closed loop of 100 callers sharing 10 connections (each request SELECT 1), through each of the engine’s drivers behind the same metered pool: the drivers’ own cost per request shows as far as the client’s CPU limits the loop.',
    },
  ];
}

/** The pooled suite's display declarations on `engine`. */
export function pooledDisplay(engineName: EngineName): SuiteDisplay {
  const engine = engineNamed(engineName);
  const bulkName = engine.bulkLoad.name;
  const drivers = driverNames(engineName);
  return {
    axisValueLabels: {
      driver: driverLabels(engineName),
      statements: { unprepared: 'unprepared statements', prepared: 'prepared statements' },
      strategy: {
        bulk: bulkName,
        multiRow: `multi-row INSERT (${MULTI_ROW_BATCH_SIZE} rows)`,
        rowByRow: 'row-by-row INSERT',
      },
      writer: Object.fromEntries(WRITER_NAMES.map((writer) => [writer, writerDisplayName(engine, writer)])),
      cpus: {
        none: 'every core (no quota)',
        '0.5': '0.5 CPU',
        '1': '1 CPU',
      },
      client: {
        kysely: 'Kysely',
        raw: 'the raw driver call (same SQL)',
        driver: 'the bare driver pool',
      },
      acquireTimeout: {
        none: 'no acquire timeout',
        '10ms': '10 ms acquire timeout',
        '50ms': '50 ms acquire timeout',
      },
    },
    answers: answers(bulkName, drivers, driverLabels(engineName)),
    charts: charts(bulkName, drivers[0] ?? ''),
    // The reactive suite compares its streaming job with this job, measured in another run: the run
    // gives it the forks an unpaired comparison needs (see `pooledJobLikeStreaming`).
    sidesOfOtherAnswers: [{ benchmark: 'job', where: pooledJobLikeStreaming(engineName) }],
  };
}
