import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireMeasurementLock } from './measurement-lock.js';

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

  it('makes a second run wait until the first releases, and says why once', async () => {
    const messages: string[] = [];
    const releaseFirst = await acquireMeasurementLock(() => undefined, undefined, lockPath);
    let secondHasLock = false;
    const second = acquireMeasurementLock((message) => messages.push(message), undefined, lockPath).then(
      (release) => {
        secondHasLock = true;
        return release;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(secondHasLock).toBe(false);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`process ${process.pid}`);
    await releaseFirst();
    const releaseSecond = await second;
    expect(secondHasLock).toBe(true);
    expect((await readFile(lockPath, 'utf8')).trim()).toBe(String(process.pid));
    await releaseSecond();
    await expect(readFile(lockPath)).rejects.toThrow();
  });

  it('takes over a lock whose owner died', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid ?? 0)));
    await writeFile(lockPath, `${deadPid}\n`);
    const messages: string[] = [];
    const release = await acquireMeasurementLock((message) => messages.push(message), undefined, lockPath);
    expect(messages).toEqual([]);
    expect((await readFile(lockPath, 'utf8')).trim()).toBe(String(process.pid));
    await release();
  });

  it('stops waiting when the run is interrupted', async () => {
    const release = await acquireMeasurementLock(() => undefined, undefined, lockPath);
    const controller = new AbortController();
    const waiting = acquireMeasurementLock(() => undefined, controller.signal, lockPath);
    controller.abort();
    await expect(waiting).rejects.toThrow(/interrupted while waiting/);
    await release();
  });
});
