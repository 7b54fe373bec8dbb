/**
 * JMH users type JMH's flags (`-wi 3 -w 1s -r 1s -bm avgt -rf json`); `run` and `compare` accept
 * them as the dbbench flags they mean, and name the dbbench way for the few that have no counterpart,
 * instead of commander's "unknown option" (or a wrong guess: `-t` is not `--time`).
 */
import { usageError } from '../define/errors.js';
import { MODES } from '../plan/run-plan.js';

/** JMH's multi-letter flags and the dbbench flags that do the same. */
const JMH_EQUIVALENTS: Readonly<Record<string, string>> = {
  '-wi': '--warmup-iterations',
  '-w': '--warmup-time',
  '-r': '--time',
  '-bm': '--mode',
  '-tu': '--unit',
  '-rff': '--out',
  '-to': '--timeout',
  '-bs': '--batch-size',
  '-wbs': '--warmup-batch-size',
  '-prof': '--prof',
  '-l': '--list',
};

/** JMH flags with no dbbench counterpart, and what to do instead. */
const NO_EQUIVALENT: Readonly<Record<string, string>> = {
  '-t': "JMH's -t (threads) has no dbbench counterpart: concurrency is an axis of the benchmarks that have it (-p concurrency=…)",
  '-e': "JMH's -e (exclude) has no dbbench counterpart: select benchmarks with -b <regex>",
  '-jvmArgs': "JMH's -jvmArgs has no dbbench counterpart: forks run node --expose-gc",
};

/** JMH's mode names (`-bm`) as dbbench's. */
const JMH_MODES: Readonly<Record<string, string>> = {
  all: MODES.join(','),
  Throughput: 'thrpt',
  AverageTime: 'avgt',
  SampleTime: 'sample',
  SingleShotTime: 'ss',
};

/**
 * `args` (after the command name) with JMH's spellings replaced by dbbench's; `-rf json` is dropped
 * (dbbench writes JMH's JSON format, always). A usage error for a JMH flag dbbench cannot honour.
 */
export function translateJmhSpellings(args: readonly string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--') {
      result.push(...args.slice(index));
      break;
    }
    const problem = NO_EQUIVALENT[arg];
    if (problem !== undefined) throw usageError(problem);
    if (arg === '-rf') {
      const format = args[index + 1];
      if (format?.toLowerCase() !== 'json') {
        throw usageError(
          `-rf ${format ?? ''}: dbbench writes JMH's JSON result format only (-rf json, or leave it out)`.replace(
            '  ',
            ' ',
          ),
        );
      }
      index += 1;
      continue;
    }
    const equivalent = JMH_EQUIVALENTS[arg];
    if (equivalent === undefined) {
      result.push(arg);
      continue;
    }
    result.push(equivalent);
    if (arg === '-bm') {
      const value = args[index + 1];
      if (value !== undefined) {
        result.push(
          value
            .split(',')
            .map((mode) => JMH_MODES[mode] ?? mode)
            .join(','),
        );
        index += 1;
      }
    }
  }
  return result;
}
