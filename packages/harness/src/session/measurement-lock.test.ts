import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError, isUsageError } from '../define/errors.js';
import { acquireMeasurementLock, type ReleaseLock } from './measurement-lock.js';

/** Resolves once `predicate` holds, checking every 20 ms; fails after `limitMs`. */
async function eventually(predicate: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** The PID of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  return new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid ?? 0)));
}

describe('measurement lock', () => {
  let directory: string;
  let lockPath: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-lock-'));
    lockPath = join(directory, 'measure.lock');
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('serves waiting runs in arrival order and tells each its position and who holds the lock', async () => {
    const releaseFirst = await acquireMeasurementLock(() => undefined, undefined, lockPath);
    const holder = JSON.parse(await readFile(lockPath, 'utf8')) as { pid: number; command: string };
    expect(holder.pid).toBe(process.pid);
    const order: string[] = [];
    const messages: Record<string, string[]> = { second: [], third: [] };
    const wait = (name: 'second' | 'third'): Promise<ReleaseLock> =>
      acquireMeasurementLock((message) => messages[name]?.push(message), undefined, lockPath).then(
        (release) => {
          order.push(name);
          return release;
        },
      );
    const second = wait('second');
    await eventually(() => (messages.second?.length ?? 0) > 0);
    const third = wait('third');
    await eventually(() => (messages.third?.length ?? 0) > 0);
    expect(messages.second?.[0]).toMatch(/position 1 in the queue: process \d+ holds it since/);
    expect(messages.second?.[0]).toContain(holder.command);
    expect(messages.third?.[0]).toMatch(/position 2 in the queue/);

    await releaseFirst();
    const releaseSecond = await second;
    // The third run polls as often as the second did; it still waits for its turn.
    await sleep(600);
    expect(order).toEqual(['second']);
    await eventually(
      () => messages.third?.some((message) => /position 1 in the queue/.test(message)) ?? false,
    );
    await releaseSecond();
    const releaseThird = await third;
    expect(order).toEqual(['second', 'third']);
    await releaseThird();
    await expect(readFile(lockPath)).rejects.toThrow();
    // Every ticket is gone once its run has the lock.
    expect(await readdir(`${lockPath}.queue`)).toEqual([]);
  });

  it('takes over a lock whose owner died, in the JSON format and in the bare-PID format of older versions', async () => {
    for (const content of [`${await deadPid()}\n`, JSON.stringify({ pid: await deadPid(), command: 'x' })]) {
      await writeFile(lockPath, content);
      const messages: string[] = [];
      const release = await acquireMeasurementLock((message) => messages.push(message), undefined, lockPath);
      expect(messages).toEqual([]);
      expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      await release();
    }
  });

  it('skips the ticket of a waiting run that died', async () => {
    await mkdir(`${lockPath}.queue`);
    await writeFile(
      join(`${lockPath}.queue`, `000000000000001-0000000001-000001-00000000.ticket`),
      JSON.stringify({ pid: await deadPid(), command: 'gone' }),
    );
    const release = await acquireMeasurementLock(() => undefined, undefined, lockPath);
    expect(await readdir(`${lockPath}.queue`)).toEqual([]);
    await release();
  });

  it('stops waiting when the run is interrupted, and leaves its place in the queue', async () => {
    const release = await acquireMeasurementLock(() => undefined, undefined, lockPath);
    const controller = new AbortController();
    const messages: string[] = [];
    const waiting = acquireMeasurementLock((message) => messages.push(message), controller.signal, lockPath);
    await eventually(() => messages.length > 0);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    expect(await readdir(`${lockPath}.queue`)).toEqual([]);
    await release();
  });

  it('refuses a lock path that cannot hold a lock, with one line; a usage error when the user named it', async () => {
    await mkdir(join(directory, 'a-directory'));
    await writeFile(join(directory, 'a-file'), '');
    const configured = process.env.DBBENCH_LOCK_FILE;
    try {
      for (const path of [
        join(directory, 'a-directory'),
        join(directory, 'a-file', 'lock'),
        '/proc/x/lock',
      ]) {
        for (const named of [false, true]) {
          if (named) process.env.DBBENCH_LOCK_FILE = path;
          else delete process.env.DBBENCH_LOCK_FILE;
          const error = await acquireMeasurementLock(() => undefined, undefined, path).then(
            () => undefined,
            (caught: unknown) => caught as Error,
          );
          expect(error?.message).toMatch(
            /^cannot use the measurement lock .*; set DBBENCH_LOCK_FILE to a file/,
          );
          expect(error?.message).not.toContain('\n');
          expect(isUsageError(error)).toBe(named);
        }
      }
    } finally {
      if (configured === undefined) delete process.env.DBBENCH_LOCK_FILE;
      else process.env.DBBENCH_LOCK_FILE = configured;
    }
  });
});
