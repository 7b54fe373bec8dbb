/**
 * The `cpus` axis: the CPU quota of the database server, set by the parent before each fork of a
 * combination (the benchmark itself never reads it), read back from the server's cgroup and recorded
 * in the result's `dbbench.applied` as `serverCpus`. `none` runs the server without a quota.
 */
import { availableParallelism } from 'node:os';
import { customAxis, DbbenchError, type AxisType, type ParamSet } from '@dbbench/harness';

/** The axis name. */
export const CPUS_AXIS = 'cpus';

/** The value that runs the server without a quota. */
export const NO_CPU_QUOTA = 'none';

/** The CPUs of this machine: the most a quota can usefully grant. */
export function machineCpus(): number {
  return availableParallelism();
}

/**
 * Parses a `cpus` value: `none` (undefined: no quota), or a number of CPUs above 0 and at most this
 * machine's; anything else throws a {@link DbbenchError} saying what is accepted.
 */
export function parseCpus(value: string, available: number = machineCpus()): number | undefined {
  if (value === NO_CPU_QUOTA) return undefined;
  const cpus = Number(value);
  if (value.trim() === '' || !Number.isFinite(cpus)) {
    throw new DbbenchError(`cpus=${value} is not a number of CPUs; use none, or e.g. 0.5, 1, 2`);
  }
  if (cpus < 0.01)
    throw new DbbenchError(`cpus=${value} must be at least 0.01 (the kernel's smallest quota), or none`);
  if (cpus > available) {
    throw new DbbenchError(
      `cpus=${value} is more than this machine has (${available}); use at most ${available}, or none`,
    );
  }
  return cpus;
}

/** The axis type: refused in the parent, before a server starts. */
export const CPUS_AXIS_TYPE: AxisType = customAxis(
  `none, or a number of CPUs from 0.01 to this machine's ${machineCpus()}`,
  (value) => {
    parseCpus(value);
  },
);

/** The quota a combination asks for: its `cpus` value, or undefined (no axis, or `none`). */
export function cpusOf(params: ParamSet): number | undefined {
  const value = params[CPUS_AXIS];
  return value === undefined ? undefined : parseCpus(value);
}

/** Whether a combination has the `cpus` axis at all (`none` included). */
export function hasCpusAxis(params: ParamSet): boolean {
  return params[CPUS_AXIS] !== undefined;
}

/** Whether a combination asks for a quota at all. */
export function limitsCpus(params: ParamSet): boolean {
  const value = params[CPUS_AXIS];
  return value !== undefined && value !== NO_CPU_QUOTA;
}
