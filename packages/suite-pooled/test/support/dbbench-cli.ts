/** The dbbench CLI as a user runs it, from this package, for the CLI tests. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const dbbenchBin = fileURLToPath(
  new URL('../../../../node_modules/@dbbench/harness/bin/dbbench.js', import.meta.url),
);

/** A server URL nothing listens on: a run that got as far as its server would fail on it with exit 1. */
export const UNREACHABLE = {
  postgres: 'postgres://postgres@127.0.0.1:1/test',
  mysql: 'mysql://root@127.0.0.1:1/test',
};

/** Runs `dbbench run <args>`; resolves to its exit code and output, whatever the code. */
export async function dbbench(
  args: readonly string[],
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return run(process.execPath, [dbbenchBin, 'run', ...args], { cwd: packageDir, timeout: 120_000 }).then(
    ({ stdout, stderr }) => ({ exitCode: 0, stdout, stderr }),
    (error: { code?: unknown; stdout?: string; stderr?: string }) => ({
      exitCode: typeof error.code === 'number' ? error.code : -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}
