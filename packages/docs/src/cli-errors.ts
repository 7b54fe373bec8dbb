import { DocsError } from './docs-error.js';

/** What the CLI prints for an error, and the exit code. */
export interface CliFailure {
  readonly lines: readonly string[];
  readonly exitCode: number;
}

const HELP_HINT = 'Run `dbbench-docs --help` for usage.';

function isParseArgsError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}

/**
 * Turns anything the CLI caught into what it prints. A mistake the user can fix prints its own
 * message (one to three lines, no stack): a command-line mistake or bad input exits 2, a run that
 * failed 1. Anything else is a bug: "unexpected error" with its message, the stack only when
 * `DBBENCH_DEBUG=1`.
 */
export function describeCliError(error: unknown, debug: boolean): CliFailure {
  if (error instanceof DocsError) {
    return {
      lines: error.message.split('\n').map((line, index) => (index === 0 ? `dbbench-docs: ${line}` : line)),
      exitCode: error.exitCode,
    };
  }
  if (isParseArgsError(error)) {
    // Node's own message adds a long hint about '--' after the first sentence; keep the first.
    const first = /^[^.]*(?:\.(?!\s|$)[^.]*)*\./.exec(error.message)?.[0] ?? error.message;
    return { lines: [`dbbench-docs: ${first}`, HELP_HINT], exitCode: 2 };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    lines: [
      `dbbench-docs: unexpected error: ${message.split('\n')[0] ?? ''}`,
      ...(debug && stack
        ? [stack]
        : ['This is a bug in dbbench-docs; set DBBENCH_DEBUG=1 to print its stack trace.']),
    ],
    exitCode: 1,
  };
}

/** A command-line mistake: its message and the hint to `--help`, exit code 2. */
export function usageError(message: string): DocsError {
  return new DocsError(`${message}\n${HELP_HINT}`);
}
