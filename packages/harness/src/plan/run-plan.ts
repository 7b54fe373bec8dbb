/**
 * The parameter matrix: every benchmark × mode × combination of the axes that benchmark uses, after
 * the quick profile, `-p` overrides, the `-b` filter and `--mode` are applied. Nothing here runs.
 */
import { axisValueProblem, type AxisType } from '../define/axis-types.js';
import type {
  AxisValues,
  BenchmarkDefinition,
  Mode,
  ParamSet,
  SuiteDefinition,
} from '../define/definition.js';
import { DbbenchError, shortenValue, usageError } from '../define/errors.js';

/** Every mode, for `--mode` choices. */
export const MODES: readonly Mode[] = ['thrpt', 'avgt', 'sample', 'ss'];

/** One thing to run: a benchmark in one mode with one set of parameters. */
export interface Combination {
  readonly benchmarkName: string;
  readonly benchmark: BenchmarkDefinition;
  readonly mode: Mode;
  readonly params: ParamSet;
}

/** What narrows the matrix. */
export interface PlanOptions {
  /** `-p axis=v1,v2` values by axis; replaces that axis's values. */
  readonly paramOverrides?: Readonly<Record<string, readonly string[]>>;
  /** `-b` regular expression, matched against the benchmark name and `<suite>.<name>`. */
  readonly benchmarkFilter?: string;
  /** `--mode`: replaces each benchmark's default modes. */
  readonly modes?: readonly Mode[];
  /** Use the suite's quick axes. */
  readonly quick?: boolean;
}

/** Parses the values of repeated `-p axis=v1,v2` flags into overrides (later flags for an axis win). */
export function parseParamFlags(flags: readonly string[]): Record<string, string[]> {
  const overrides: Record<string, string[]> = {};
  for (const flag of flags) {
    const separator = flag.indexOf('=');
    const axis = separator < 0 ? '' : flag.slice(0, separator).trim();
    const values =
      separator < 0
        ? []
        : flag
            .slice(separator + 1)
            .split(',')
            .map((value) => value.trim());
    if (axis === '' || values.length === 0 || values.some((value) => value === '')) {
      throw usageError(`-p ${shortenValue(flag)}: expected axis=value1,value2 (e.g. -p dataSize=1000,10000)`);
    }
    overrides[axis] = values;
  }
  return overrides;
}

/** Expands the matrix in declaration order: benchmarks, then modes, then params (first axis slowest). */
export function expandMatrix(suite: SuiteDefinition, options: PlanOptions = {}): Combination[] {
  checkBenchmarkAxes(suite);
  checkDeclaredAxisTypes(suite);
  const selected = selectBenchmarks(suite, options.benchmarkFilter);
  const axes = axisValues(suite, options, selected);
  // Axes whose values the user chose (-p) or the quick profile set: they replace a grid's narrowing.
  const chosen = new Set([
    ...Object.keys(options.paramOverrides ?? {}),
    ...(options.quick ? Object.keys(suite.quick?.axes ?? {}) : []),
  ]);
  const combinations: Combination[] = [];
  for (const [benchmarkName, benchmark] of selected) {
    const modes = options.modes ?? (typeof benchmark.mode === 'string' ? [benchmark.mode] : benchmark.mode);
    const paramSets = benchmarkParamSets(benchmark, axes, chosen);
    for (const mode of modes) {
      for (const params of paramSets) combinations.push({ benchmarkName, benchmark, mode, params });
    }
  }
  return combinations;
}

/**
 * The benchmark's parameter sets: the cross product of its axes, or the union of its grids (each grid
 * narrowing some axes unless the user chose that axis), in cross-product order, each set once.
 */
function benchmarkParamSets(
  benchmark: BenchmarkDefinition,
  axes: Readonly<Record<string, readonly string[]>>,
  chosen: ReadonlySet<string>,
): ParamSet[] {
  if (benchmark.grids === undefined) return cartesian(benchmark.axes, axes);
  const members = new Set<string>();
  const ordered: Record<string, string[]> = {};
  for (const axis of benchmark.axes) ordered[axis] = [...(axes[axis] ?? [])];
  for (const grid of benchmark.grids) {
    const gridValues: Record<string, readonly string[]> = {};
    for (const axis of benchmark.axes) {
      const narrowed = grid[axis];
      const values = narrowed === undefined || chosen.has(axis) ? (axes[axis] ?? []) : narrowed.map(String);
      gridValues[axis] = values;
      for (const value of values) if (!ordered[axis]?.includes(value)) ordered[axis]?.push(value);
    }
    for (const params of cartesian(benchmark.axes, gridValues)) members.add(paramKey(benchmark.axes, params));
  }
  return cartesian(benchmark.axes, ordered).filter((params) => members.has(paramKey(benchmark.axes, params)));
}

function paramKey(axes: readonly string[], params: ParamSet): string {
  return JSON.stringify(axes.map((axis) => params[axis]));
}

function checkBenchmarkAxes(suite: SuiteDefinition): void {
  for (const [name, benchmark] of Object.entries(suite.benchmarks)) {
    for (const axis of benchmark.axes) {
      if (!(axis in suite.axes)) {
        throw new DbbenchError(
          `suite ${suite.name}: benchmark ${name} uses axis "${axis}" that the suite does not declare; declared axes: ${Object.keys(suite.axes).join(', ')}`,
        );
      }
    }
    if (benchmark.grids?.length === 0) {
      throw new DbbenchError(`suite ${suite.name}: benchmark ${name} declares an empty list of grids`);
    }
    for (const grid of benchmark.grids ?? []) {
      for (const [axis, values] of Object.entries(grid)) {
        if (!benchmark.axes.includes(axis)) {
          throw new DbbenchError(
            `suite ${suite.name}: benchmark ${name} has a grid on axis "${axis}" it does not use; its axes: ${benchmark.axes.join(', ')}`,
          );
        }
        if (values.length === 0) {
          throw new DbbenchError(
            `suite ${suite.name}: benchmark ${name} has a grid with no values of axis "${axis}"`,
          );
        }
      }
    }
  }
}

function selectBenchmarks(
  suite: SuiteDefinition,
  filter: string | undefined,
): [string, BenchmarkDefinition][] {
  const all = Object.entries(suite.benchmarks);
  if (filter === undefined) return all;
  let pattern: RegExp;
  try {
    pattern = new RegExp(filter);
  } catch (error) {
    throw usageError(
      `-b ${shortenValue(filter)}: not a valid regular expression (${(error as Error).message})`,
    );
  }
  const selected = all.filter(([name]) => pattern.test(name) || pattern.test(`${suite.name}.${name}`));
  if (selected.length === 0) {
    throw usageError(
      `-b ${shortenValue(filter)} matches no benchmark; benchmarks: ${all.map(([name]) => name).join(', ')}`,
    );
  }
  return selected;
}

function axisValues(
  suite: SuiteDefinition,
  options: PlanOptions,
  selected: readonly [string, BenchmarkDefinition][],
): Record<string, readonly string[]> {
  const base: Record<string, AxisValues> = { ...suite.axes, ...(options.quick ? suite.quick?.axes : {}) };
  const used = new Set(selected.flatMap(([, benchmark]) => benchmark.axes));
  const values: Record<string, readonly string[]> = {};
  for (const [axis, defaults] of Object.entries(base)) values[axis] = defaults.map(String);
  for (const [axis, overrides] of Object.entries(options.paramOverrides ?? {})) {
    const defaults = base[axis];
    if (defaults === undefined) {
      throw usageError(`-p ${axis}: unknown axis; axes: ${Object.keys(base).join(', ')}`);
    }
    if (!used.has(axis)) {
      throw usageError(
        `-p ${axis}: no selected benchmark uses this axis; axes of the selected benchmarks: ${[...used].join(', ') || '(none)'}`,
      );
    }
    for (const value of overrides) {
      const problem = overrideProblem(suite, axis, suite.axes[axis] ?? defaults, value, selected);
      if (problem !== undefined) throw usageError(`-p ${axis}=${shortenValue(value)}: ${problem}`);
    }
    values[axis] = [...new Set(overrides)];
  }
  return values;
}

/**
 * Why a `-p` value cannot run, or undefined. A declared type decides (the suite's, then each selected
 * benchmark's narrower one); an undeclared axis accepts any finite number when its defaults are
 * numeric, and only its declared names otherwise (a benchmark cannot run a strategy it lacks).
 */
function overrideProblem(
  suite: SuiteDefinition,
  axis: string,
  defaults: AxisValues,
  value: string,
  selected: readonly [string, BenchmarkDefinition][],
): string | undefined {
  const suiteType = suite.axisTypes?.[axis];
  if (suiteType !== undefined) {
    const problem = axisValueProblem(suiteType, value);
    if (problem !== undefined) return problem;
  } else {
    const numeric = defaults.every((entry) => typeof entry === 'number' || isNumeric(String(entry)));
    const allowed = defaults.map(String);
    if (numeric ? !isNumeric(value) : !allowed.includes(value)) {
      return `${numeric ? 'expected a number' : 'unknown value'}; declared values: ${allowed.join(', ')}`;
    }
  }
  for (const [name, benchmark] of selected) {
    const narrower = benchmark.axes.includes(axis) ? benchmark.axisTypes?.[axis] : undefined;
    const problem = narrower === undefined ? undefined : axisValueProblem(narrower, value);
    if (problem !== undefined) return `${problem} (benchmark ${name})`;
  }
  return undefined;
}

/** A suite whose own defaults break its declared axis types is a bug in the suite: say so early. */
function checkDeclaredAxisTypes(suite: SuiteDefinition): void {
  // Every value the suite may run by default: its axes, its quick profile, and (for the suite's type)
  // every benchmark's grids or (for a benchmark's narrower type) that benchmark's own grids.
  const gridValues = (axis: string, benchmarks: readonly BenchmarkDefinition[]): AxisValues =>
    benchmarks.flatMap((benchmark) => (benchmark.grids ?? []).flatMap((grid) => grid[axis] ?? []));
  const defaults = (axis: string, benchmarks: readonly BenchmarkDefinition[]): string[] =>
    [...(suite.axes[axis] ?? []), ...(suite.quick?.axes?.[axis] ?? []), ...gridValues(axis, benchmarks)].map(
      String,
    );
  const check = (
    owner: string,
    axis: string,
    type: AxisType,
    benchmarks: readonly BenchmarkDefinition[],
  ): void => {
    if (!(axis in suite.axes)) {
      throw new DbbenchError(`${owner} declares a type for axis "${axis}" that the suite does not have`);
    }
    for (const value of defaults(axis, benchmarks)) {
      const problem = axisValueProblem(type, value);
      if (problem !== undefined) {
        throw new DbbenchError(`${owner}: default value ${axis}=${value} does not fit its type: ${problem}`);
      }
    }
  };
  for (const [axis, type] of Object.entries(suite.axisTypes ?? {})) {
    check(`suite ${suite.name}`, axis, type, Object.values(suite.benchmarks));
  }
  for (const [name, benchmark] of Object.entries(suite.benchmarks)) {
    for (const [axis, type] of Object.entries(benchmark.axisTypes ?? {})) {
      if (!benchmark.axes.includes(axis)) {
        throw new DbbenchError(
          `suite ${suite.name}: benchmark ${name} declares a type for axis "${axis}" it does not use`,
        );
      }
      check(`suite ${suite.name}: benchmark ${name}`, axis, type, [benchmark]);
    }
  }
}

function isNumeric(value: string): boolean {
  return value.trim() !== '' && Number.isFinite(Number(value));
}

function cartesian(axes: readonly string[], values: Readonly<Record<string, readonly string[]>>): ParamSet[] {
  let product: Record<string, string>[] = [{}];
  for (const axis of axes) {
    const next: Record<string, string>[] = [];
    for (const partial of product) {
      for (const value of values[axis] ?? []) next.push({ ...partial, [axis]: value });
    }
    product = next;
  }
  return product;
}
