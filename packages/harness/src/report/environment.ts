/** The machine and source tree a result was measured on, recorded in every result. */
import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { arch, cpus, release, totalmem, type } from 'node:os';
import type { Environment } from './report-schema.js';

/** Node, V8, OS, CPU model, cores, memory and this process's CPU affinity. */
export function collectEnvironment(): Environment {
  const processors = cpus();
  const cpuAffinity = readCpuAffinity();
  return {
    node: process.version,
    v8: process.versions.v8,
    os: `${type()} ${release()} ${arch()}`,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
    ...(cpuAffinity === undefined ? {} : { cpuAffinity }),
  };
}

/**
 * The CPUs this process may run on, from a `/proc/<pid>/status` text (`Cpus_allowed_list`), e.g.
 * `0-1`; undefined where the line is missing. os.cpus() counts every core whatever the affinity, so
 * a run under `taskset` would otherwise look like one on the whole machine.
 */
export function parseCpuAffinity(status: string): string | undefined {
  return /^Cpus_allowed_list:\s*(\S+)\s*$/m.exec(status)?.[1];
}

function readCpuAffinity(): string | undefined {
  try {
    return parseCpuAffinity(readFileSync('/proc/self/status', 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Paths a run writes itself: reports (and the docs made from them) are outputs, not the measured
 * source, so a run that follows another run's report is not "dirty".
 */
const OUTPUT_PATHSPECS = [':(top,exclude,glob)packages/*/reports/**', ':(top,exclude,glob)benchmark-docs/**'];

/**
 * The git commit checked out in `cwd` and whether the source tree has changes (outside the report and
 * docs outputs); "unknown" outside a repository.
 */
export function collectGitState(cwd: string = process.cwd()): { commit: string; dirty: boolean } {
  try {
    const options: ExecFileSyncOptionsWithStringEncoding = {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    };
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], options).trim();
    const status = execFileSync(
      'git',
      ['status', '--porcelain', '--', ':/', ...OUTPUT_PATHSPECS],
      options,
    ).trim();
    return { commit, dirty: status !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}
