import { describe, expect, it } from 'vitest';
import { describeCliError } from './cli-errors.js';
import { DocsError } from './docs-error.js';

describe('describeCliError', () => {
  it('prints a user error as its own lines with the exit code it carries', () => {
    expect(describeCliError(new DocsError('bad report.\nRe-run it.'), false)).toEqual({
      lines: ['dbbench-docs: bad report.', 'Re-run it.'],
      exitCode: 2,
    });
    expect(describeCliError(new DocsError('cannot write', { exitCode: 1 }), true).exitCode).toBe(1);
  });

  it('keeps the first sentence of a parseArgs error and points to --help, exit 2', () => {
    const error = Object.assign(
      new Error(
        "Unknown option '--nope'. To specify a positional argument starting with a '-', place it at the end",
      ),
      { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' },
    );
    expect(describeCliError(error, false)).toEqual({
      lines: ["dbbench-docs: Unknown option '--nope'.", 'Run `dbbench-docs --help` for usage.'],
      exitCode: 2,
    });
  });

  it('calls anything else an unexpected error: its stack only with DBBENCH_DEBUG=1', () => {
    const bug = new TypeError('cannot read properties of undefined');
    const quiet = describeCliError(bug, false);
    expect(quiet.exitCode).toBe(1);
    expect(quiet.lines[0]).toBe('dbbench-docs: unexpected error: cannot read properties of undefined');
    expect(quiet.lines.join('\n')).not.toMatch(/\n\s+at /);
    expect(quiet.lines.join('\n')).toContain('DBBENCH_DEBUG=1');
    const loud = describeCliError(bug, true);
    expect(loud.lines.join('\n')).toMatch(/\n\s+at /);
  });
});
