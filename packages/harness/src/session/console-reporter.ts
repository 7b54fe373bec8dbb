/**
 * JMH-style console output: a header and progress line per combination, one line per warmup and
 * measurement iteration, a result line, and a final table. Colour only when writing to a terminal.
 */
import { createColors } from 'picocolors';
import type { ParamSet } from '../define/definition.js';
import type { IterationResult } from '../fork/fork-protocol.js';
import type { DbbenchResult, JmhNumber } from '../report/report-schema.js';
import type { Combination } from '../plan/run-plan.js';
import type { ResolvedSettings } from '../plan/settings.js';
import { formatClock } from './run-progress.js';
import { formatIterationTime } from '../define/units.js';
import { forkVariation, NOISY_FORK_CV } from '../compare/fork-statistics.js';

/** Where console output goes. */
export interface ReporterOutput {
  write(text: string): void;
  readonly color: boolean;
}

const MODE_NAMES: Readonly<Record<string, string>> = {
  thrpt: 'Throughput',
  avgt: 'Average',
  sample: 'Sampling',
  ss: 'Single shot',
};

/** Prints a run's progress and results. */
export class ConsoleReporter {
  private readonly colors: ReturnType<typeof createColors>;

  constructor(
    private readonly output: ReporterOutput = {
      write: (text) => void process.stdout.write(text),
      color: process.stdout.isTTY === true,
    },
  ) {
    this.colors = createColors(output.color);
  }

  /** A free-form line (suite setup, fork logs). */
  log(message: string): void {
    this.line(this.colors.dim(message));
  }

  combinationStarted(
    combination: Combination,
    qualifiedName: string,
    settings: ResolvedSettings,
    progress: { percent: number; etaMs: number },
  ): void {
    const { mode } = combination;
    const iterationsText = (count: number, timeMs: number, batchSize: number): string =>
      mode === 'ss'
        ? `${count} iterations, single-shot each${batchSize > 1 ? `, batch ${batchSize}` : ''}`
        : `${count} iterations, ${formatIterationTime(timeMs, mode)} each`;
    this.line('');
    this.line(
      `# Warmup: ${iterationsText(settings.warmupIterations, settings.warmupTimeMs, settings.warmupBatchSize)}`,
    );
    this.line(
      `# Measurement: ${iterationsText(settings.measurementIterations, settings.measurementTimeMs, settings.batchSize)}`,
    );
    this.line(`# Timeout: ${formatIterationTime(settings.timeoutMs, 'avgt')} per fork`);
    this.line(`# Benchmark mode: ${MODE_NAMES[mode] ?? mode}`);
    this.line(`# Benchmark: ${this.colors.bold(qualifiedName)}`);
    if (Object.keys(combination.params).length > 0)
      this.line(`# Parameters: ${formatParams(combination.params)}`);
    this.line('');
    this.line(
      this.colors.cyan(
        `# Run progress: ${progress.percent.toFixed(2)}% complete, ETA ${formatClock(progress.etaMs)}`,
      ),
    );
  }

  /**
   * Fork `fork` (0-based) of the `forks` planned; one past them was added for an undetermined answer.
   * `member`: its place in a round of forks that take turns (its iteration lines carry the same tag).
   */
  forkStarted(fork: number, forks: number, member?: number): void {
    const turns = member === undefined ? '' : `, taking turns as ${memberTag(member)}`;
    if (forks === 0) this.line(`# Fork: N/A, test runs in the host process${turns}`);
    else if (fork < forks) this.line(`# Fork: ${fork + 1} of ${forks}${turns}`);
    else this.line(`# Fork: ${fork + 1} (added for an undetermined answer)${turns}`);
  }

  iteration(iteration: IterationResult, unit: string, member?: number): void {
    const label = iteration.warmup
      ? `# Warmup Iteration ${pad(iteration.index)}`
      : `Iteration ${pad(iteration.index)}`;
    const tag = member === undefined ? '' : `${memberTag(member)} `;
    const text = `${tag}${label}: ${formatNumber(iteration.score)} ${unit}`;
    this.line(iteration.warmup ? this.colors.dim(text) : text);
  }

  skipped(qualifiedName: string, params: ParamSet): void {
    this.line(
      this.colors.dim(
        `# Skipping ${qualifiedName} ${formatParams(params)}: already in the report (--resume)`,
      ),
    );
  }

  combinationFinished(result: DbbenchResult): void {
    this.line('');
    if (result.dbbench.status === 'failed') {
      for (const failure of result.dbbench.failures) {
        this.line(
          this.colors.red(`<failure> fork ${failure.fork + 1}, ${failure.phase}: ${failure.message}`),
        );
      }
      return;
    }
    const metric = result.primaryMetric;
    this.line(`Result "${result.benchmark}":`);
    this.line(
      `  ${formatJmhNumber(metric.score)} ±(99.9%) ${formatJmhNumber(metric.scoreError)} ${metric.scoreUnit} [${MODE_NAMES[result.mode] ?? result.mode}]`,
    );
    if (result.dbbench.noisy === true) this.line(this.colors.yellow(`  ${noisyAdvice(metric)}`));
    for (const [name, secondary] of Object.entries(result.secondaryMetrics)) {
      this.line(
        this.colors.dim(
          `  ${name}: ${formatJmhNumber(secondary.score)} ±(99.9%) ${formatJmhNumber(secondary.scoreError)} ${secondary.scoreUnit}`,
        ),
      );
    }
  }

  /** The closing table, JMH style, and where the report went. */
  finished(results: readonly DbbenchResult[], reportPath: string): void {
    this.line('');
    if (results.length > 0) {
      for (const row of resultTable(results)) this.line(row);
      this.line('');
    }
    this.line(`Report: ${reportPath}`);
  }

  private line(text: string): void {
    this.output.write(`${text}\n`);
  }
}

/** The tag of a fork taking turns with others: `[a]`, `[b]`, … by its place in the round. */
function memberTag(member: number): string {
  return `[${String.fromCharCode(97 + (member % 26))}]`;
}

/**
 * What a noisy result's console line says: how much its forks disagree and what would narrow it, so
 * it does not read as a finding.
 */
export function noisyAdvice(metric: { readonly rawData: readonly (readonly number[])[] }): string {
  const variation = forkVariation(metric.rawData);
  const spread = Number.isFinite(variation)
    ? ` by ${(variation * 100).toFixed(0)}% (coefficient of variation)`
    : '';
  return (
    `noisy: the forks' means differ${spread}, more than ${NOISY_FORK_CV * 100}%; ` +
    'run more forks (--forks), or on a quieter machine'
  );
}

/**
 * The final table as aligned text rows: Benchmark, (params…), Mode, Cnt, Score, Error, Units, and
 * a closing "noisy" mark on results whose forks disagree by more than 10%.
 */
export function resultTable(results: readonly DbbenchResult[]): string[] {
  const paramNames = [...new Set(results.flatMap((result) => Object.keys(result.params ?? {})))];
  const anyNoisy = results.some((result) => result.dbbench.noisy === true);
  const header = [
    'Benchmark',
    ...paramNames.map((name) => `(${name})`),
    'Mode',
    'Cnt',
    'Score',
    '',
    'Error',
    'Units',
    ...(anyNoisy ? [''] : []),
  ];
  const rows = results.map((result) => {
    const metric = result.primaryMetric;
    const failed = result.dbbench.status === 'failed';
    const count = result.dbbench.scoreStatistics?.n ?? metric.rawData.flat().length;
    return [
      result.benchmark,
      ...paramNames.map((name) => result.params?.[name] ?? 'N/A'),
      result.mode,
      failed ? '' : String(count),
      failed ? 'FAILED' : formatJmhNumber(metric.score),
      failed || metric.scoreError === 'NaN' ? '' : '±',
      failed || metric.scoreError === 'NaN' ? '' : formatJmhNumber(metric.scoreError),
      metric.scoreUnit,
      ...(anyNoisy ? [result.dbbench.noisy === true ? 'noisy' : ''] : []),
    ];
  });
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  const unitsColumn = header.indexOf('Units');
  const leftAligned = new Set([0, unitsColumn, unitsColumn + 1]);
  return table.map((row) =>
    row
      .map((cell, column) =>
        leftAligned.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** JMH prints three decimals; tiny values keep three significant digits instead of rounding to 0.000. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  if (value !== 0 && Math.abs(value) < 0.001) return value.toPrecision(3);
  return value.toFixed(3);
}

function formatJmhNumber(value: JmhNumber): string {
  return value === 'NaN' ? 'NaN' : formatNumber(value);
}

function formatParams(params: ParamSet): string {
  return `(${Object.entries(params)
    .map(([axis, value]) => `${axis} = ${value}`)
    .join(', ')})`;
}

function pad(index: number): string {
  return String(index).padStart(3);
}
