/**
 * The report format: JMH's JSON result format (an array of results), plus a `dbbench` extension on
 * each result. Tools that read JMH output read these reports; `@dbbench/docs` validates with the same
 * schema. JMH writes a statistic it cannot compute (e.g. the error of a single iteration) as the
 * string "NaN"; so do we.
 */
import { z } from 'zod';

/** A number, or "NaN" where JMH writes one (non-finite values are not valid JSON). */
export const jmhNumberSchema = z.union([z.number(), z.literal('NaN')]);

/** One metric (primary or secondary) exactly as JMH writes it. */
export const jmhMetricSchema = z.object({
  score: jmhNumberSchema,
  scoreError: jmhNumberSchema,
  scoreConfidence: z.tuple([jmhNumberSchema, jmhNumberSchema]),
  /** Keys "0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0". */
  scorePercentiles: z.record(z.string(), jmhNumberSchema),
  scoreUnit: z.string(),
  /** Iteration scores, one array per fork. */
  rawData: z.array(z.array(z.number())),
});

/** A failure recorded for a combination (one per failed fork). */
export const failureSchema = z.object({
  fork: z.number().int(),
  /** Where it failed: setupTrial, warmup, measurement, verify, teardown, timeout, crash, … */
  phase: z.string(),
  message: z.string(),
});

/** The machine a result was measured on. */
export const environmentSchema = z.object({
  node: z.string(),
  v8: z.string(),
  os: z.string(),
  cpuModel: z.string(),
  cores: z.number().int(),
  memoryBytes: z.number(),
  /**
   * The CPUs the runner (and the forks and local servers it starts, which inherit it) may run on,
   * Linux's `Cpus_allowed_list`, e.g. `0-1`; absent where the system does not say. dbbench pins
   * nothing: pinning client and server to separate cores was measured here and made the job 17–24%
   * and a primary-key SELECT 51% slower with wider fork-to-fork spread (benchmark-docs/notes).
   */
  cpuAffinity: z.string().optional(),
});

/**
 * The plan a sharded run split, in compact form: per benchmark and mode, the values of each axis it
 * ran with (the plan is their cartesian products). Lets `dbbench merge` name missing combinations.
 */
export const planSectionSchema = z.object({
  /** Qualified name, `<suite>.<benchmark>`, as JMH's `benchmark`. */
  benchmark: z.string(),
  mode: z.string(),
  params: z.record(z.string(), z.array(z.string())),
});

/** Which part of which plan a result of `dbbench run --shard k/n` belongs to. */
export const shardRecordSchema = z.object({
  /** k of `--shard k/n`, from 1. */
  index: z.number().int().min(1),
  /** n of `--shard k/n`. */
  count: z.number().int().min(1),
  /** Combinations in the whole plan (all shards together). */
  planSize: z.number().int().min(0),
  plan: z.array(planSectionSchema),
});

const answerSideSchema = z.object({
  suite: z.string().optional(),
  benchmark: z.string(),
  where: z.record(z.string(), z.string()).optional(),
  label: z.string().optional(),
  best: z.boolean().optional(),
});

/** One declared answer (`AnswerDeclaration`). */
export const answerSchema = z.object({
  question: z.string(),
  baseline: answerSideSchema,
  candidate: answerSideSchema,
  per: z.array(z.string()).optional(),
  metric: z.string().optional(),
  phrasing: z.enum(['speed', 'share', 'value']).optional(),
  context: z.string().optional(),
  crossing: z.object({ along: z.string(), bound: z.number() }).optional(),
  /** Position in the suite's declaration: the docs list answers in this order. */
  order: z.number().int().min(0).optional(),
});

/** One declared chart (`ChartDeclaration`). */
export const chartSchema = z.object({
  name: z.string(),
  title: z.string(),
  benchmark: z.string(),
  metric: z.string(),
  x: z.string(),
  xMetric: z.string().optional(),
  series: z.string().optional(),
  where: z.record(z.string(), z.string()).optional(),
  caption: z.string(),
});

/** A declared chart as a report carries it. */
export type DbbenchChart = z.infer<typeof chartSchema>;

/** A declared answer as a report carries it. */
export type DbbenchAnswer = z.infer<typeof answerSchema>;
/** One side of a declared answer as a report carries it. */
export type DbbenchAnswerSide = z.infer<typeof answerSideSchema>;

/**
 * One named distribution of a result (see `stats/histogram.ts`): per fork, in fork order, the
 * compressed base64 HDR histogram of each measured iteration, in iteration order. Encodings, not
 * percentiles, so forks, shards and readers combine them exactly.
 */
export const histogramRecordSchema = z.object({
  /** The unit values read in once decoded (recorded in whole µs, read back in ms). */
  unit: z.literal('ms'),
  forks: z.array(z.array(z.string().min(1))),
});

/**
 * A distribution summarised over every fork and measured iteration of a result (`summarizeHistogram`
 * of the combined encodings), for readers without an HDR decoder. Percentiles are keyed as written
 * (`"50"`, `"99.9"`, `"100"` = the maximum), in ms; "NaN" when nothing was recorded.
 */
export const histogramSummarySchema = z.object({
  count: z.number().int().min(0),
  percentiles: z.record(z.string(), jmhNumberSchema),
});

/** dbbench's extension on each JMH result. */
export const dbbenchExtensionSchema = z.object({
  harnessVersion: z.string(),
  suite: z.string(),
  /** The suite module's `database`, e.g. "postgres". */
  database: z.string(),
  /** The benchmark's short name, e.g. "job" (JMH's `benchmark` holds the qualified name). */
  benchmarkName: z.string(),
  description: z.string(),
  /** Axis names in declared order (the docs sort rows by them). */
  axes: z.array(z.string()),
  /** "default" or "quick". */
  profile: z.string(),
  status: z.enum(['ok', 'failed']),
  failures: z.array(failureSchema),
  /** Whether a higher primary score is better (thrpt) or lower (avgt, sample, ss). */
  higherIsBetter: z.boolean(),
  /** Direction of each secondary metric, by name. */
  secondaryHigherIsBetter: z.record(z.string(), z.boolean()),
  environment: environmentSchema,
  git: z.object({ commit: z.string(), dirty: z.boolean() }),
  /** ISO-8601 UTC time this combination finished. */
  finishedAt: z.string(),
  /** What the suite attached (e.g. database engine, version, provider, settings). Never secrets. */
  runInfo: z.record(z.string(), z.json()),
  /**
   * What the run's setup applied to the server before each fork, read back (e.g. `serverCpus`, the
   * CPU quota in force), one entry per fork in fork order; absent when it applied nothing.
   */
  applied: z.array(z.record(z.string(), z.json())).optional(),
  /**
   * What each fork's trial read of what it opened (e.g. `driver`: the database driver's name,
   * version and settings), one entry per fork in fork order; absent when the benchmark reads none.
   */
  facts: z.array(z.record(z.string(), z.json())).optional(),
  /**
   * Spread of the values the primary score was computed from (iteration scores; every raw sample in
   * `sample` mode), which JMH's metric shape has no place for. Absent in reports from before it existed.
   * The score's error is always computed over iteration scores, in `sample` mode too.
   */
  scoreStatistics: z
    .object({ n: z.number().int(), stdev: jmhNumberSchema, min: jmhNumberSchema, max: jmhNumberSchema })
    .optional(),
  /** Invocations timed per measurement iteration, one array per fork (absent in older reports). */
  invocations: z.array(z.array(z.number().int())).optional(),
  /**
   * Wall time of the whole combination in ms (every fork, with process start and trial setup); what
   * `--shard` balances by. Absent in older reports.
   */
  elapsedMs: z.number().optional(),
  /** Where that wall time went, ms over every fork: process start + import + setupTrial, warmup, measurement, teardown. */
  durationsMs: z
    .object({ setup: z.number(), warmup: z.number(), measurement: z.number(), teardown: z.number() })
    .optional(),
  /** Set by `dbbench run --shard k/n`; `dbbench merge` checks it and leaves it out of the merged report. */
  shard: shardRecordSchema.optional(),
  /**
   * The round each fork ran in, one per fork of `rawData` (unique per run). The combinations a
   * declared question compares run one fork each per round, so the answers pair the forks of a round.
   * Absent in older reports.
   */
  forkRounds: z.array(z.string()).optional(),
  /**
   * The forks' means vary by more than 10% (coefficient of variation; one fork: its iterations): the
   * result says more about the machine than the code. Absent on failed results. (Reports before
   * fork-level statistics set it when the 99.9% interval was wider than ±25%.)
   */
  noisy: z.boolean().optional(),
  /** Secondary metrics the benchmark declares deterministic work per operation (compared exactly). */
  deterministicCounters: z.array(z.string()).optional(),
  /** Display names of this result's parameter values, declared by the suite, e.g. `{ strategy: "COPY" }`. */
  valueLabels: z.record(z.string(), z.string()).optional(),
  /** The suite's declared answers this result's benchmark takes part in (see `presentation.ts`). */
  answers: z.array(answerSchema).optional(),
  /** The suite's declared charts of this result's benchmark (see `presentation.ts`). */
  charts: z.array(chartSchema).optional(),
  /**
   * The distributions the profilers recorded (`Profiler.histograms`), by name, e.g. `latency`;
   * absent when no measured iteration carried one, and on failed results.
   */
  histograms: z.record(z.string(), histogramRecordSchema).optional(),
  /** Each of `histograms` summarised over all its forks and iterations, by the same names. */
  histogramSummaries: z.record(z.string(), histogramSummarySchema).optional(),
});

/** One JMH result (one benchmark × mode × parameter combination). */
export const jmhResultSchema = z.object({
  jmhVersion: z.string(),
  benchmark: z.string(),
  mode: z.string(),
  threads: z.number().int(),
  forks: z.number().int(),
  jvm: z.string().optional(),
  jvmArgs: z.array(z.string()).optional(),
  jdkVersion: z.string().optional(),
  vmName: z.string().optional(),
  vmVersion: z.string().optional(),
  warmupIterations: z.number().int(),
  warmupTime: z.string(),
  warmupBatchSize: z.number().int(),
  measurementIterations: z.number().int(),
  measurementTime: z.string(),
  measurementBatchSize: z.number().int(),
  params: z.record(z.string(), z.string()).optional(),
  primaryMetric: jmhMetricSchema,
  secondaryMetrics: z.record(z.string(), jmhMetricSchema),
});

/** A dbbench result: a JMH result plus the extension. */
export const dbbenchResultSchema = jmhResultSchema.extend({ dbbench: dbbenchExtensionSchema });

/** A dbbench report file. */
export const dbbenchReportSchema = z.array(dbbenchResultSchema);

/** A plain JMH report file (e.g. from a Java project). */
export const jmhReportSchema = z.array(jmhResultSchema.loose());

export type JmhNumber = z.infer<typeof jmhNumberSchema>;
export type JmhMetric = z.infer<typeof jmhMetricSchema>;
export type JmhResult = z.infer<typeof jmhResultSchema>;
export type Failure = z.infer<typeof failureSchema>;
export type Environment = z.infer<typeof environmentSchema>;
export type PlanSection = z.infer<typeof planSectionSchema>;
export type ShardRecord = z.infer<typeof shardRecordSchema>;
export type HistogramRecord = z.infer<typeof histogramRecordSchema>;
export type HistogramSummaryRecord = z.infer<typeof histogramSummarySchema>;
export type DbbenchExtension = z.infer<typeof dbbenchExtensionSchema>;
export type DbbenchResult = z.infer<typeof dbbenchResultSchema>;
export type DbbenchReport = z.infer<typeof dbbenchReportSchema>;
