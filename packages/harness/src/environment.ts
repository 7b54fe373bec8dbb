/** The machine and source tree a result was measured on, recorded in every result. */
import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process';
import { arch, cpus, release, totalmem, type } from 'node:os';
import type { Environment } from './report-schema.js';

/** Node, V8, OS, CPU model, cores and memory of this machine. */
export function collectEnvironment(): Environment {
  const processors = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    os: `${type()} ${release()} ${arch()}`,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
  };
}

/** The git commit checked out in `cwd` and whether the tree has changes; "unknown" outside a repository. */
export function collectGitState(cwd: string = process.cwd()): { commit: string; dirty: boolean } {
  try {
    const options: ExecFileSyncOptionsWithStringEncoding = {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    };
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], options).trim();
    const status = execFileSync('git', ['status', '--porcelain'], options).trim();
    return { commit, dirty: status !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}
