import { describe, expect, it } from 'vitest';
import type { DbbenchAnswer, DbbenchResult } from '@dbbench/harness/report';
import { LatencyHistogram } from '@dbbench/harness';
import { answersOf, declaredAnswers, outcomeSummary, questionEnd } from './answers.js';
import { rowFromDbbench, type ResultRow } from './result-row.js';

/** Five iterations per fork around `mean`, spread ±1%, each fork off by up to ±`forkSpread`, deterministic. */
function forks(mean: number, count = 3, forkSpread = 0.01): number[][] {
  return Array.from({ length: count }, (_, fork) => {
    const forkOffset = forkSpread * Math.sin(mean * 7.3 + fork * 2.1);
    return [-0.01, -0.005, 0, 0.005, 0.01].map((offset) => mean * (1 + offset + forkOffset));
  });
}

interface RowSpec {
  readonly benchmark: string;
  readonly params: Record<string, string>;
  readonly mean: number;
  readonly status?: 'ok' | 'failed';
  readonly labels?: Record<string, string>;
  readonly answers?: DbbenchAnswer[];
  readonly secondary?: Record<string, { mean: number; higherIsBetter: boolean }>;
  /** Forks (default 3), their spread, and whether they ran in shared rounds (default yes). */
  readonly forks?: number;
  readonly forkSpread?: number;
  readonly rounds?: boolean;
  readonly cpuModel?: string;
  /** Each fork's `dbbench.facts`. */
  readonly facts?: Record<string, unknown>;
}

function row(spec: RowSpec): ResultRow {
  const metric = (mean: number, unit: string) => ({
    score: mean,
    scoreError: mean * 0.01,
    scoreConfidence: [mean * 0.99, mean * 1.01] as [number, number],
    scorePercentiles: {},
    scoreUnit: unit,
    rawData: forks(mean, spec.forks ?? 3, spec.forkSpread ?? 0.01),
  });
  const result = {
    benchmark: `demo.${spec.benchmark}`,
    mode: 'ss',
    params: spec.params,
    primaryMetric: metric(spec.mean, 'ms/op'),
    secondaryMetrics: Object.fromEntries(
      Object.entries(spec.secondary ?? {}).map(([name, value]) => [name, metric(value.mean, 'ms')]),
    ),
    dbbench: {
      suite: 'demo',
      benchmarkName: spec.benchmark,
      description: '',
      axes: Object.keys(spec.params),
      status: spec.status ?? 'ok',
      failures: [],
      higherIsBetter: false,
      secondaryHigherIsBetter: Object.fromEntries(
        Object.entries(spec.secondary ?? {}).map(([name, value]) => [name, value.higherIsBetter]),
      ),
      ...(spec.labels === undefined ? {} : { valueLabels: spec.labels }),
      ...(spec.answers === undefined ? {} : { answers: spec.answers }),
      ...(spec.rounds === false
        ? {}
        : { forkRounds: Array.from({ length: spec.forks ?? 3 }, (_, fork) => `run-${fork}`) }),
      ...(spec.facts === undefined
        ? {}
        : { facts: Array.from({ length: spec.forks ?? 3 }, () => spec.facts) }),
      ...(spec.cpuModel === undefined
        ? {}
        : {
            environment: {
              node: 'v20',
              v8: '11',
              os: 'linux',
              cpuModel: spec.cpuModel,
              cores: 2,
              memoryBytes: 2 ** 34,
            },
          }),
    },
  } as unknown as DbbenchResult;
  return rowFromDbbench(result);
}

const seedQuestion: DbbenchAnswer = {
  question: 'Bulk path or multi-row INSERT to seed a table?',
  baseline: { benchmark: 'seed', where: { strategy: 'multiRow' } },
  candidate: { benchmark: 'seed', where: { strategy: 'bulk' } },
  per: ['dataSize'],
  context: 'to seed {dataSize} rows',
};

function seedRows(bulkMs: Record<string, number>, multiRowMs: Record<string, number>): ResultRow[] {
  const strategies = [
    { strategy: 'bulk', label: 'COPY', means: bulkMs },
    { strategy: 'multiRow', label: 'multi-row INSERT', means: multiRowMs },
  ];
  return strategies.flatMap(({ strategy, label, means }) =>
    Object.entries(means).map(([dataSize, mean]) =>
      row({
        benchmark: 'seed',
        params: { dataSize, strategy },
        mean,
        labels: { strategy: label },
        answers: [seedQuestion],
      }),
    ),
  );
}

describe('declared answers', () => {
  it('phrases a decided ratio with its interval, the winner first, and an equal pair as equivalent', () => {
    const answers = answersOf(seedRows({ '1000': 10, '100000': 100 }, { '1000': 10.05, '100000': 600 }));
    expect(answers).toHaveLength(1);
    const [small, large] = answers[0]!.lines;
    expect(large!.outcome).toBe('decided');
    expect(large!.sentence).toMatch(
      /^dataSize 100,000: \*\*COPY\*\* is 6\.\d× \(\d\.\d–\d\.\d×\) faster than multi-row INSERT to seed 100,000 rows$/,
    );
    expect(large!.verdict).toMatch(
      /^\*\*COPY\*\* is 6\.\d× \(\d\.\d–\d\.\d×\) faster than multi-row INSERT$/,
    );
    // 0.5% apart with forks within 1%: the whole interval inside ±10%, the same.
    expect(small!.outcome).toBe('equivalent');
    expect(small!.sentence).toMatch(
      /^dataSize 1,000: COPY and multi-row INSERT: the same speed within ±10% \((0\.9\d|1\.0\d)–1\.0\d×\)/,
    );
    expect(small!.verdict).toMatch(/^COPY and multi-row INSERT: the same speed within ±10% \(/);
    expect(outcomeSummary(answers)).toBe('1 decided, 1 equivalent, 0 undetermined');
  });

  it('names the baseline as the winner when the candidate is slower', () => {
    const [line] = answersOf(seedRows({ '1000': 30 }, { '1000': 10 }))[0]!.lines;
    expect(line!.sentence).toMatch(/\*\*multi-row INSERT\*\* is 3\.0× \(.*\) faster than COPY/);
    expect(line!.verdict).toMatch(/^\*\*multi-row INSERT\*\* is 3\.0× \(.*\) faster than COPY$/);
  });

  it('calls a line undetermined, and says why, when the forks disagree too much to tell', () => {
    const noisy = (strategy: string, mean: number, extra: Partial<RowSpec> = {}): ResultRow =>
      row({
        benchmark: 'seed',
        params: { dataSize: '1000', strategy },
        mean,
        labels: { strategy },
        answers: [seedQuestion],
        forkSpread: 0.2,
        ...extra,
      });
    const [wide] = answersOf([noisy('bulk', 10), noisy('multiRow', 11.5)])[0]!.lines;
    expect(wide!.outcome).toBe('undetermined');
    expect(wide!.sentence).toMatch(
      /^dataSize 1,000: undetermined: bulk is [\d.]+–[\d.]+× the speed of multiRow to seed 1,000 rows; /,
    );
    expect(wide!.sentence).toMatch(/more fork pairs would (hardly )?settle it/);
    expect(wide!.verdict).toMatch(/^undetermined: bulk is [\d.]+–[\d.]+× the speed of multiRow$/);
    // Two forks give no interval: the range, and what would give one.
    const [two] = answersOf([noisy('bulk', 10, { forks: 2 }), noisy('multiRow', 30, { forks: 2 })])[0]!.lines;
    expect(two!.outcome).toBe('undetermined');
    expect(two!.sentence).toContain(
      '2 forks a side and no spread shared with other lines of its benchmark, so no interval',
    );
    // …and projected from its 3× ratio at the spread of the only paired line there is (its own).
    expect(two!.sentence).toMatch(
      /the range of the forks is shown; about \d+ more fork pairs? would settle it at (the spread of the page’s paired lines|an assumed spread \(no line has measured one\))$/,
    );
  });

  it('compares sides from separate runs unpaired, and marks them', () => {
    const rows = seedRows({ '1000': 10 }, { '1000': 30 }).map((r) =>
      row({
        benchmark: 'seed',
        params: { ...r.params },
        mean: Number(r.primary.score),
        labels: { strategy: r.params['strategy'] === 'bulk' ? 'COPY' : 'multi-row INSERT' },
        answers: [seedQuestion],
        rounds: false,
      }),
    );
    const [line] = answersOf(rows)[0]!.lines;
    expect(line!.outcome).toBe('decided');
    expect(line!.sentence).toMatch(/ ‡$/);
  });

  it('refuses a ratio of two machines', () => {
    const rows = [
      row({
        benchmark: 'seed',
        params: { dataSize: '1000', strategy: 'bulk' },
        mean: 10,
        answers: [seedQuestion],
        cpuModel: 'A',
      }),
      row({
        benchmark: 'seed',
        params: { dataSize: '1000', strategy: 'multiRow' },
        mean: 30,
        answers: [seedQuestion],
        cpuModel: 'B',
      }),
    ];
    const [line] = answersOf(rows)[0]!.lines;
    expect(line!.outcome).toBe('unanswered');
    expect(line!.sentence).toMatch(
      /not answered: its results were measured on different machines \([AB], 2 cores, 16 GiB; [AB], 2 cores, 16 GiB\)/,
    );
  });

  it('refuses a ratio of results whose recorded settings differ, and answers when only the axis does', () => {
    const driverFacts = (name: string, pipelining: string) => ({
      driver: { name, library: name, version: '1', settings: { pipelining }, behaviour: { trips: name } },
    });
    const rowsWith = (candidatePipelining: string) => [
      row({
        benchmark: 'seed',
        params: { dataSize: '1000', strategy: 'bulk' },
        mean: 10,
        answers: [seedQuestion],
        facts: driverFacts('a', candidatePipelining),
      }),
      row({
        benchmark: 'seed',
        params: { dataSize: '1000', strategy: 'multiRow' },
        mean: 30,
        answers: [seedQuestion],
        facts: driverFacts('b', 'off'),
      }),
    ];
    const [refused] = answersOf(rowsWith('on'))[0]!.lines;
    expect(refused!.outcome).toBe('unanswered');
    expect(refused!.sentence).toMatch(
      /not answered: its sides ran on different settings \(driver\.settings\.pipelining: "off" against "on"\)/,
    );
    const [answered] = answersOf(rowsWith('off'))[0]!.lines;
    expect(answered!.outcome).toBe('decided');
  });

  it('says a side failed instead of answering from it', () => {
    const rows = seedRows({}, { '1000': 10 });
    rows.push(
      row({
        benchmark: 'seed',
        params: { dataSize: '1000', strategy: 'bulk' },
        mean: 1,
        status: 'failed',
        labels: { strategy: 'COPY' },
        answers: [seedQuestion],
      }),
    );
    const [line] = answersOf(rows)[0]!.lines;
    expect(line!.sentence).toBe('dataSize 1,000: not answered: COPY failed');
    expect(line!.verdict).toBe('not answered: COPY failed');
  });

  it('picks the best configuration of a side and names it, as a share of a limit', () => {
    const efficiency: DbbenchAnswer = {
      question: 'How close does the job come to the server-side limit?',
      baseline: { benchmark: 'limit', label: 'INSERT … SELECT' },
      candidate: { benchmark: 'job', label: 'the job', best: true },
      per: ['dataSize'],
      phrasing: 'share',
    };
    const rows = [
      row({ benchmark: 'limit', params: { dataSize: '1000' }, mean: 80, answers: [efficiency] }),
      ...[
        ['1', 200],
        ['4', 100],
        ['8', 120],
      ].map(([partitions, mean]) =>
        row({
          benchmark: 'job',
          params: { dataSize: '1000', partitions: String(partitions) },
          mean: Number(mean),
          answers: [efficiency],
        }),
      ),
    ];
    const [line] = answersOf(rows)[0]!.lines;
    expect(line!.sentence).toMatch(
      /^dataSize 1,000: \*\*the job \(partitions 4\)\*\* reaches 0\.80× \(0\.\d+–0\.\d+×\) the speed of INSERT … SELECT$/,
    );
  });

  it('compares a secondary metric in its own direction', () => {
    const tradeOff: DbbenchAnswer = {
      question: 'What does a 10 ms acquire timeout do to p99 latency?',
      baseline: { benchmark: 'contention', where: { acquireTimeout: 'none' } },
      candidate: { benchmark: 'contention', where: { acquireTimeout: '10ms' } },
      metric: 'latency.p99',
      phrasing: 'value',
    };
    const rows = [
      row({
        benchmark: 'contention',
        params: { acquireTimeout: 'none' },
        mean: 5,
        secondary: { 'latency.p99': { mean: 40, higherIsBetter: false } },
        answers: [tradeOff],
      }),
      row({
        benchmark: 'contention',
        params: { acquireTimeout: '10ms' },
        mean: 5,
        secondary: { 'latency.p99': { mean: 20, higherIsBetter: false } },
        answers: [tradeOff],
      }),
    ];
    const [line] = answersOf(rows)[0]!.lines;
    expect(line!.sentence).toMatch(
      /^latency\.p99 with \*\*acquireTimeout 10ms\*\* is 0\.50× \(.*\) that with acquireTimeout none$/,
    );
  });

  it('collects each declaration once however many results carry it', () => {
    expect(declaredAnswers(seedRows({ '1000': 1, '10000': 2 }, { '1000': 1 }))).toEqual([seedQuestion]);
  });

  it('refuses to pick among several matches unless the declaration asks for the best', () => {
    const ambiguous: DbbenchAnswer = { ...seedQuestion, per: [] };
    const rows = seedRows({ '1000': 10, '100000': 100 }, { '1000': 20, '100000': 600 }).map((r) =>
      row({
        benchmark: r.benchmark,
        params: { ...r.params },
        mean: Number(r.primary.score),
        answers: [ambiguous],
      }),
    );
    const [line] = answersOf(rows)[0]!.lines;
    expect(line!.sentence).toMatch(
      /^not answered: 2 results of strategy bulk match; the declaration must fix one$/,
    );
  });
});

describe('the answers chart', () => {
  it('draws one row per answered speed line and nothing when none was answered', async () => {
    const { answersChart } = await import('./charts/answers-chart.js');
    const answers = answersOf(seedRows({ '1000': 10, '100000': 100 }, { '1000': 10.05, '100000': 600 }));
    const chart = answersChart({ name: 'demo-answers', title: 'demo', answers });
    const layers = (chart?.spec as { layer: { data: { values: unknown[] } }[] }).layer;
    // Band, line at 1×, then the points: one per answered speed line, with its outcome for the colour.
    const values = layers[2]!.data.values as { outcome: string }[];
    expect(values).toHaveLength(2);
    expect(values.map((value) => value.outcome).sort()).toEqual(['decided', 'equivalent']);
    expect(layers[0]!.data.values).toEqual([{ bandLow: 0.9091, bandHigh: 1.1 }]);
    const failed = answersOf(seedRows({}, { '1000': 10 }));
    expect(answersChart({ name: 'x', title: 'x', answers: failed })).toBeUndefined();
  });
});

describe('questionEnd', () => {
  it('adds a colon after a question that does not end in punctuation, so the bold line is no heading', () => {
    expect(questionEnd('COPY or multi-row INSERT?')).toBe('');
    expect(questionEnd('… and at 10,000 rows.')).toBe('');
    expect(questionEnd('… against 60 connections instead of 10, at the same 100 callers')).toBe(':');
  });
});

describe('bound questions (crossing)', () => {
  const limitQuestion: DbbenchAnswer = {
    question: 'At what rate does the p99 pass 10 ms?',
    baseline: { benchmark: 'rate', where: { poolSize: '10' } },
    candidate: { benchmark: 'rate', where: { poolSize: '10' } },
    metric: 'latency.p99',
    crossing: { along: 'rate', bound: 10 },
  };
  const rateRows = (p99ByRate: Record<string, number>, options: Partial<RowSpec> = {}): ResultRow[] =>
    Object.entries(p99ByRate).map(([rate, p99]) =>
      row({
        benchmark: 'rate',
        params: { rate, poolSize: '10' },
        mean: 1,
        answers: [limitQuestion],
        secondary: { 'latency.p99': { mean: p99, higherIsBetter: false } },
        ...options,
      }),
    );

  it('names the two steps the metric passes the bound between, in increasing order of the axis', () => {
    // Declared out of order: 10000 must not come before 2000.
    const [answer] = answersOf(rateRows({ '8000': 40, '500': 2, '2000': 3, '10000': 90 }));
    expect(answer?.crossing).toBe(true);
    expect(answer?.lines).toHaveLength(1);
    const line = answer!.lines[0]!;
    expect(line.outcome).toBe('decided');
    expect(line.verdict).toBe('**latency.p99** passes 10 ms between rate 2,000 and 8,000');
    expect(line.sentence).toMatch(/3(\.00)? ms \(.+\) at rate 2,000, 40(\.0)? ms \(.+\) at rate 8,000/);
  });

  it('says so when every step stays under the bound, or the first is already above', () => {
    const under = answersOf(rateRows({ '500': 2, '2000': 3 }))[0]!.lines[0]!;
    expect(under.outcome).toBe('decided');
    expect(under.verdict).toBe('**latency.p99** stays under 10 ms up to rate 2,000');
    const above = answersOf(rateRows({ '500': 20, '2000': 30 }))[0]!.lines[0]!;
    expect(above.outcome).toBe('decided');
    expect(above.verdict).toMatch(/above 10 ms already at rate 500/);
  });

  it('is undetermined when the first step not under the bound has an interval that holds it', () => {
    // Forks spread ±30% around 9.5 ms: the interval reaches past 10 ms.
    const rows = [
      ...rateRows({ '500': 2 }),
      ...rateRows({ '2000': 9.5 }, { forkSpread: 0.3 }),
      ...rateRows({ '8000': 40 }),
    ];
    const line = answersOf(rows)[0]!.lines[0]!;
    expect(line.outcome).toBe('undetermined');
    expect(line.sentence).toMatch(/near 10 ms at rate 2,000/);
  });

  it('is undetermined when a step it would read rests on one fork, below or above the bound', () => {
    // One fork far under the bound at 500, then a step above it: the 500 step decides nothing alone.
    const under = answersOf([...rateRows({ '500': 2 }, { forks: 1 }), ...rateRows({ '2000': 40 })])[0]!
      .lines[0]!;
    expect(under.outcome).toBe('undetermined');
    expect(under.verdict).toBe('undetermined: **latency.p99** at rate 500 rests on 1 fork');
    expect(under.sentence).toMatch(
      /\(2\.\d+ ms\), no spread to read it against 10 ms by; more forks would tell$/,
    );
    const above = answersOf(rateRows({ '500': 20, '2000': 30 }, { forks: 1 }))[0]!.lines[0]!;
    expect(above.outcome).toBe('undetermined');
    // Two forks give a range: both under the bound at 500, both above at 2,000 decide it.
    const two = answersOf([
      ...rateRows({ '500': 2 }, { forks: 2 }),
      ...rateRows({ '2000': 40 }, { forks: 2 }),
    ])[0]!.lines[0]!;
    expect(two.outcome).toBe('decided');
    expect(two.verdict).toBe('**latency.p99** passes 10 ms between rate 500 and 2,000');
  });

  it('reads a percentile from each fork’s HDR histograms when the result keeps them, not the mean of iteration percentiles', () => {
    // Each fork: 990 requests at 2 ms and 10 at 50 ms — its p99 is 2 ms, while the iteration mean the
    // secondary metric says is 40 ms.
    const encodings = [0, 1, 2].map(() => {
      const histogram = new LatencyHistogram();
      for (let i = 0; i < 990; i += 1) histogram.record(2);
      for (let i = 0; i < 9; i += 1) histogram.record(50);
      return [histogram.encode()];
    });
    const withHistograms = (rows: ResultRow[]): ResultRow[] =>
      rows.map((one) => ({
        ...one,
        dbbench: { ...one.dbbench!, histograms: { latency: { unit: 'ms' as const, forks: encodings } } },
      }));
    const rows = [
      ...withHistograms(
        rateRows({ '500': 40 }).map((one) => ({
          ...one,
          secondary: { 'latency.p99': one.secondary['latency.p99']! },
        })),
      ),
      ...rateRows({ '2000': 40 }),
    ];
    const line = answersOf(
      rows.map((one) => ({
        ...one,
        dbbench: { ...one.dbbench!, answers: [{ ...limitQuestion, metric: 'latency.p99' }] },
      })),
    )[0]!.lines[0]!;
    expect(line.verdict).toBe('**latency.p99** passes 10 ms between rate 500 and 2,000');
    expect(line.sentence).toMatch(/: 2(\.00)? ms \(2(\.00)?–2(\.00)?\) at rate 500/);
    expect(line.sentence).toMatch(/HDR histograms/);
  });

  it('is not answered when a step failed, rather than reading past it', () => {
    const rows = [...rateRows({ '500': 2, '8000': 40 }), ...rateRows({ '2000': 3 }, { status: 'failed' })];
    const line = answersOf(rows)[0]!.lines[0]!;
    expect(line.outcome).toBe('unanswered');
    expect(line.sentence).toMatch(/rate 2,000 failed/);
  });
});
