/**
 * What a suite declares about how its results read: display names of axis values ("COPY" rather than
 * `bulk`) and the questions its results answer. The harness only carries the declarations into the
 * report's `dbbench` extension; the docs generator renders them without knowing any benchmark.
 */

/** Display names of axis values, per axis: `{ strategy: { bulk: 'COPY' } }`. */
export type AxisValueLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The results one side of an answer is made of. */
export interface AnswerSide {
  /**
   * Another suite whose results this side is made of (same engine), e.g. `reactive`; default: the
   * declaring suite. The docs answer across the reports of one engine.
   */
  readonly suite?: string;
  /** Benchmark name, e.g. `seed`. */
  readonly benchmark: string;
  /** Axis values the side's results must have, e.g. `{ strategy: 'bulk' }`. */
  readonly where?: Readonly<Record<string, string>>;
  /**
   * Name in the sentence; default: the display names of the `where` values (or the benchmark's name
   * when `where` is empty).
   */
  readonly label?: string;
  /**
   * When several results match (an axis not fixed by `where` nor listed in `per`), take the best
   * score and name its configuration; without it, several matches leave the line unanswered.
   */
  readonly best?: boolean;
}

/**
 * A question the suite's results answer, rendered as one line per value of the `per` axes:
 * a ratio of the two sides with its interval, or "no measurable difference" when the interval does
 * not leave the noise threshold.
 */
export interface AnswerDeclaration {
  /** The question, e.g. "COPY or multi-row INSERT to seed a table?". */
  readonly question: string;
  readonly baseline: AnswerSide;
  readonly candidate: AnswerSide;
  /** Axes that get a line per value (present on both sides), e.g. `['dataSize']`. */
  readonly per?: readonly string[];
  /**
   * The metric compared: the primary score by default, or a secondary metric's name (its own
   * direction applies), e.g. `acquireWait.p99`.
   */
  readonly metric?: string;
  /**
   * How the ratio reads: `speed` (default) "A is 6.0× faster than B"; `share` "A reaches 0.85× the
   * speed of B" (efficiency against a limit); `value` "<metric> with A is 0.50× that with B".
   */
  readonly phrasing?: 'speed' | 'share' | 'value';
  /** What the line is about, printed after the ratio, e.g. "to seed {dataSize} rows". */
  readonly context?: string;
  /**
   * Not a ratio but a bound: where along the numeric axis `along` the `metric` first passes `bound`
   * (in the metric's unit), read from the baseline's results at every value of `along` — "at what
   * request rate does the p99 pass 10 ms?". The candidate names the same results. Such a question
   * has no pairs: the run measures its results like any other, the docs read each step's fork-level
   * interval against the bound.
   */
  readonly crossing?: AnswerCrossing;
}

/** See {@link AnswerDeclaration.crossing}. */
export interface AnswerCrossing {
  /** A numeric axis, stepped in increasing order, e.g. `rate`. */
  readonly along: string;
  /** The bound, in the metric's unit (e.g. 10 for 10 ms of `latency.p99`). */
  readonly bound: number;
}

/**
 * A chart the suite asks for beside each benchmark's own score chart: one metric of one benchmark
 * against one axis, e.g. acquire waits against the pool size, one line per partition count.
 */
export interface ChartDeclaration {
  /** Short name, unique among the benchmark's charts: the file is `<engine>-<suite>-<benchmark>-<name>`. */
  readonly name: string;
  readonly title: string;
  readonly benchmark: string;
  /** A secondary metric's name (e.g. `pool.acquireWait.p95`), or `score`. */
  readonly metric: string;
  /** The axis along x (with `xMetric`: the axis that orders the points along each line). */
  readonly x: string;
  /**
   * Plot against a metric's value instead of the axis's (e.g. `requests/s`: latency against the
   * throughput achieved, the classic saturation curve); the points of a line are joined in the
   * order of the `x` axis's values.
   */
  readonly xMetric?: string;
  /** The axis with one line (or colour) per value; other axes that vary become panels. */
  readonly series?: string;
  /** Only the results with these axis values. */
  readonly where?: Readonly<Record<string, string>>;
  /** What the chart shows and why, one or two sentences for its caption. */
  readonly caption: string;
}

/** What a suite declares for its pages. */
export interface SuiteDisplay {
  readonly axisValueLabels?: AxisValueLabels;
  readonly answers?: readonly AnswerDeclaration[];
  readonly charts?: readonly ChartDeclaration[];
  /**
   * Results of this suite that another suite's declared answer compares with its own (e.g. the
   * reactive suite's streaming job against this suite's pooled job; `suite` is left out, `where`
   * picks them). A run sees only its own suite's questions, so it is told of these sides here: their
   * combinations get the forks a side measured apart needs for an interval, whatever the time budget,
   * as the sides of the suite's own answers whose other side lies in another suite do.
   */
  readonly sidesOfOtherAnswers?: readonly AnswerSide[];
}

/** The display names of the values one result's parameters have (only those that have one). */
export function labelsOfParams(
  labels: AxisValueLabels | undefined,
  params: Readonly<Record<string, string>>,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [axis, value] of Object.entries(params)) {
    const label = labels?.[axis]?.[value];
    if (label !== undefined) found[axis] = label;
  }
  return found;
}

/**
 * The declared answers whose candidate or baseline is made of `benchmark`'s results, each with its
 * position in the suite's declaration (`order`), so the docs list them as the suite declared them
 * whichever results carry them.
 */
export function answersOfBenchmark(
  answers: readonly AnswerDeclaration[] | undefined,
  benchmark: string,
): (AnswerDeclaration & { readonly order: number })[] {
  return (answers ?? []).flatMap((answer, order) =>
    (answer.candidate.suite === undefined && answer.candidate.benchmark === benchmark) ||
    (answer.baseline.suite === undefined && answer.baseline.benchmark === benchmark)
      ? [{ ...answer, order }]
      : [],
  );
}

/** The declared charts of `benchmark`'s results. */
export function chartsOfBenchmark(
  charts: readonly ChartDeclaration[] | undefined,
  benchmark: string,
): ChartDeclaration[] {
  return (charts ?? []).filter((chart) => chart.benchmark === benchmark);
}

/**
 * Checks the declarations against the suite's benchmarks and axes, so a typo fails when the suite
 * loads rather than leaving a question unanswered on a page. Returns one message per problem.
 */
export function presentationProblems(
  display: SuiteDisplay,
  benchmarks: Readonly<Record<string, { readonly axes: readonly string[] }>>,
): string[] {
  const problems: string[] = [];
  const axisNames = new Set(Object.values(benchmarks).flatMap((benchmark) => benchmark.axes));
  for (const axis of Object.keys(display.axisValueLabels ?? {})) {
    if (!axisNames.has(axis)) problems.push(`display names for "${axis}", which no benchmark has`);
  }
  for (const answer of display.answers ?? []) {
    for (const side of [answer.baseline, answer.candidate]) {
      // Another suite's benchmarks are not known here; the docs say when such a side was not measured.
      if (side.suite !== undefined) continue;
      const benchmark = benchmarks[side.benchmark];
      if (benchmark === undefined) {
        problems.push(`answer "${answer.question}": no benchmark "${side.benchmark}"`);
        continue;
      }
      for (const axis of [...Object.keys(side.where ?? {}), ...(answer.per ?? [])]) {
        if (!benchmark.axes.includes(axis)) {
          problems.push(`answer "${answer.question}": benchmark "${side.benchmark}" has no axis "${axis}"`);
        }
      }
    }
  }
  const chartNames = new Set<string>();
  for (const chart of display.charts ?? []) {
    const key = `${chart.benchmark}/${chart.name}`;
    if (chartNames.has(key)) problems.push(`chart "${chart.name}" of "${chart.benchmark}" is declared twice`);
    chartNames.add(key);
    const benchmark = benchmarks[chart.benchmark];
    if (benchmark === undefined) {
      problems.push(`chart "${chart.title}": no benchmark "${chart.benchmark}"`);
      continue;
    }
    const used = [
      chart.x,
      ...(chart.series === undefined ? [] : [chart.series]),
      ...Object.keys(chart.where ?? {}),
    ];
    for (const axis of used) {
      if (!benchmark.axes.includes(axis)) {
        problems.push(`chart "${chart.title}": benchmark "${chart.benchmark}" has no axis "${axis}"`);
      }
    }
  }
  return problems;
}
