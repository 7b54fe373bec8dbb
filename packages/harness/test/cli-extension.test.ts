/** Commands another package adds to the CLI: parsed, helped, and their errors mapped like the harness's own. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineCommand, type CliCommandInput } from '../src/cli/cli-command.js';
import { runCli } from '../src/cli/cli-program.js';
import { DbbenchError, usageError } from '../src/define/errors.js';

let stdout = '';
let stderr = '';

beforeEach(() => {
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env['DBBENCH_TEST_TARGET'];
});

/** A command that records what it received and exits with `exitCode`. */
function recordingCommand(exitCode = 0) {
  const received: CliCommandInput[] = [];
  const command = defineCommand({
    name: 'tidy',
    description: 'tidy things up',
    operands: [{ name: 'things', description: 'what to tidy', variadic: true }],
    options: {
      rm: { description: 'remove them' },
      target: { description: 'where', value: 'url', env: 'DBBENCH_TEST_TARGET' },
      olderThan: { description: 'age', value: 'duration', default: '1h', choices: ['1h', '1d'] },
    },
    action(input) {
      received.push(input);
      return Promise.resolve(exitCode);
    },
  });
  return { command, received };
}

const cli = (args: string[], commands = [recordingCommand().command]) =>
  runCli(['node', 'dbbench', ...args], { commands });

describe('runCli with added commands', () => {
  it('parses operands, flags, valued options, defaults and environment fallbacks', async () => {
    const { command, received } = recordingCommand(3);
    process.env['DBBENCH_TEST_TARGET'] = 'from-env';
    expect(await cli(['tidy', 'a', 'b', '--rm', '--older-than', '1d'], [command])).toBe(3);
    expect(received[0]?.operands).toEqual(['a', 'b']);
    expect(received[0]?.options).toEqual({ rm: true, target: 'from-env', olderThan: '1d' });

    expect(await cli(['tidy', '--target', 'x'], [command])).toBe(3);
    expect(received[1]?.operands).toEqual([]);
    expect(received[1]?.options).toEqual({ rm: undefined, target: 'x', olderThan: '1h' });
  });

  it('lists the command in --help beside run and merge, and prints its own help', async () => {
    expect(await cli(['--help'])).toBe(0);
    expect(stdout).toMatch(/run \[options\] <suite-module>/);
    expect(stdout).toMatch(/merge/);
    expect(stdout).toMatch(/tidy \[options\] \[things\.\.\.\]\s+tidy things up/);
    stdout = '';
    expect(await cli(['tidy', '--help'])).toBe(0);
    expect(stdout).toMatch(/--older-than <duration>/);
    expect(stdout).toMatch(/--target <url>.*env: DBBENCH_TEST_TARGET/);
  });

  it('turns a wrong invocation into one usage line with exit code 2', async () => {
    expect(await cli(['tidy', '--older-than', '1y'])).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^dbbench: .*1y.*Allowed choices are 1h, 1d/);
    stderr = '';
    expect(await cli(['tidy', '--bogus'])).toBe(2);
    expect(stderr).toMatch(/^dbbench: unknown option '--bogus'/);
  });

  it("maps the action's user errors like the harness's own: 1 for a failure, 2 for usage", async () => {
    const failing = (error: Error) =>
      defineCommand({ name: 'tidy', description: 'd', action: () => Promise.reject(error) });
    expect(await cli(['tidy'], [failing(new DbbenchError('nothing to tidy; start a run first'))])).toBe(1);
    expect(stderr).toBe('dbbench: nothing to tidy; start a run first\n');
    stderr = '';
    expect(await cli(['tidy'], [failing(usageError('--target: not a URL'))])).toBe(2);
    expect(stderr).toBe('dbbench: --target: not a URL\n');
  });

  it('refuses a command that would replace a built-in one', async () => {
    const clash = defineCommand({ name: 'merge', description: 'd', action: () => Promise.resolve(0) });
    expect(await cli(['merge', '--help'], [clash])).toBe(1);
    expect(stderr).toMatch(/unexpected error.*the command "merge" is already defined/);
  });
});
