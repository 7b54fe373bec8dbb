import type { BenchmarkContext, Json, ParamSet } from '../define/definition.js';
import { DbbenchError } from '../define/errors.js';

/** Builds the context every lifecycle hook of one combination receives. */
export function createBenchmarkContext(
  params: ParamSet,
  runContext: Json,
  fork: number,
  log: (message: string) => void,
): BenchmarkContext {
  const str = (axis: string): string => {
    const value = params[axis];
    if (value === undefined) {
      throw new DbbenchError(
        `parameter "${axis}" is not an axis of this benchmark; add it to the benchmark's axes (has: ${Object.keys(params).join(', ') || 'none'})`,
      );
    }
    return value;
  };
  return {
    params,
    runContext,
    fork,
    log,
    str,
    int(axis: string): number {
      const value = str(axis);
      const parsed = Number(value);
      if (!Number.isSafeInteger(parsed)) {
        throw new DbbenchError(`parameter ${axis}=${value} must be an integer; pass e.g. -p ${axis}=1000`);
      }
      return parsed;
    },
  };
}
