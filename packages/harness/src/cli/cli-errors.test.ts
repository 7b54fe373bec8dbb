import { describe, expect, it } from 'vitest';
import { exitCodeFor, formatCliError } from './cli-errors.js';
import { DbbenchError, InterruptedError, usageError } from '../define/errors.js';

describe('CLI error path', () => {
  it('prints a user error whole, every line of it, and never its stack', () => {
    const error = new DbbenchError(
      'No MySQL server could be obtained. Tried, in order:\n  - local: mariadbd: Permission denied\n  - embedded: not available for MySQL\n',
    );
    expect(formatCliError('dbbench', error, false)).toBe(
      'dbbench: No MySQL server could be obtained. Tried, in order:\n  - local: mariadbd: Permission denied\n  - embedded: not available for MySQL\n',
    );
    expect(exitCodeFor(error)).toBe(1);
  });

  it('treats errors marked by packages that cannot import the harness as user errors', () => {
    const marked = Object.assign(new Error('Could not open 10 connections'), { dbbenchUserError: true });
    expect(formatCliError('dbbench', marked, false)).toBe('dbbench: Could not open 10 connections\n');
  });

  it('calls anything else a bug in one line, with the stack only under DBBENCH_DEBUG=1', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')\nsecond line");
    const quiet = formatCliError('dbbench', bug, false);
    expect(quiet).toBe(
      "dbbench: unexpected error (a bug, please report it): Cannot read properties of undefined (reading 'x')\n" +
        'dbbench: run with DBBENCH_DEBUG=1 to see the stack trace\n',
    );
    expect(quiet).not.toMatch(/^\s+at /m);
    const loud = formatCliError('dbbench', new Error('outer', { cause: new Error('inner') }), true);
    expect(loud).toMatch(/^\s+at /m);
    expect(loud).toMatch(/caused by: Error: inner/);
  });

  it('chooses exit codes: usage 2, failed run 1, interrupted 130', () => {
    expect(exitCodeFor(usageError('bad flag'))).toBe(2);
    expect(exitCodeFor(new DbbenchError('server gone'))).toBe(1);
    expect(exitCodeFor(new Error('bug'))).toBe(1);
    expect(exitCodeFor(new InterruptedError('stopped'))).toBe(130);
  });
});
