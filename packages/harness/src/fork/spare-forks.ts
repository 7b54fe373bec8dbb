/**
 * Spare forks: the next fork's process started early, so its start and suite import (about half a
 * second of every fork here) overlap the current fork's own start and setup instead of adding to the
 * run. A spare is a fresh `node --expose-gc` process that has only imported the suite module; it runs
 * no benchmark code until it is handed its task, so forks stay as isolated as before.
 *
 * A spare never shares the cores with a measurement: it may work while the current fork starts, sets
 * up its trial, warms up and tears down; before that fork's first measurement iteration, the fork
 * asks the parent and waits until every spare is stopped (SIGSTOP), and they run again (SIGCONT)
 * only once it has entered its teardown.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ForkMessage, ForkRequest } from './fork-protocol.js';

/** The compiled fork entry; `../../dist/fork/` resolves from both src/fork/ (tests) and dist/fork/. */
export const FORK_CHILD_PATH = fileURLToPath(new URL('../../dist/fork/fork-child.js', import.meta.url));

/** Starts a fork process: only `--expose-gc` (inheriting the parent's flags, e.g. --inspect, would break or skew it). */
export function spawnFork(): ChildProcess {
  return fork(FORK_CHILD_PATH, [], {
    execArgv: ['--expose-gc'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** How long {@link SpareForks.pause} waits for the spares to show they stopped. */
const STOP_WAIT_MS = 100;

/**
 * Whether a process shows as stopped (or gone). Where there is no /proc to ask, the signal was sent
 * and that has to do.
 */
function hasStopped(pid: number | undefined): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid ?? 0}/stat`, 'utf8');
  } catch {
    return true;
  }
  const state = stat.charAt(stat.lastIndexOf(')') + 2);
  return state === 'T' || state === 't' || state === 'Z' || state === 'X';
}

interface Spare {
  readonly suiteModule: string;
  readonly child: ChildProcess;
  ready: boolean;
  stopped: boolean;
}

/**
 * Spares kept per suite module. Two, because the time a short fork leaves them (its setup, warmup
 * and teardown: a few hundred milliseconds at 1000 rows) is less than one import takes: with two in
 * line, each has had two such windows by the time it is taken.
 */
export const SPARES_PER_MODULE = 2;

/** The spare processes of one measurement session, up to {@link SPARES_PER_MODULE} per suite module. */
export class SpareForks {
  /** Oldest first: the one taken next has had the most time to import. */
  #spares: Spare[] = [];
  readonly #spawn: () => ChildProcess;

  constructor(spawn: () => ChildProcess = spawnFork) {
    this.#spawn = spawn;
  }

  /** Starts spares for `suiteModule` until {@link SPARES_PER_MODULE} wait. */
  prepare(suiteModule: string): void {
    while (this.#spares.filter((spare) => spare.suiteModule === suiteModule).length < SPARES_PER_MODULE) {
      const child = this.#spawn();
      const spare: Spare = { suiteModule, child, ready: false, stopped: false };
      child.on('message', (message: ForkMessage) => {
        if (message.type === 'ready') spare.ready = true;
      });
      // A spare that dies before its task (killed, out of memory) is simply not used.
      child.once('exit', () => {
        this.#spares = this.#spares.filter((other) => other !== spare);
      });
      child.send({ type: 'prepare', suiteModule } satisfies ForkRequest);
      this.#spares.push(spare);
    }
  }

  /**
   * The oldest spare for `suiteModule`, running again and no longer a spare, or undefined when there
   * is none (then the caller starts a fresh process).
   */
  take(suiteModule: string): ChildProcess | undefined {
    const spare = this.#spares.find((candidate) => candidate.suiteModule === suiteModule);
    if (spare === undefined) return undefined;
    this.#spares = this.#spares.filter((other) => other !== spare);
    if (spare.child.exitCode !== null || spare.child.signalCode !== null) return undefined;
    if (spare.stopped) spare.child.kill('SIGCONT');
    spare.child.removeAllListeners('message');
    spare.child.removeAllListeners('exit');
    return spare.child;
  }

  /**
   * Stops every spare (a fork is about to measure); resolves once each has stopped, as far as the
   * system shows it (on Linux the process state in /proc; a signal is delivered asynchronously).
   */
  async pause(): Promise<void> {
    const stopping = this.#spares.filter((spare) => !spare.stopped && spare.child.kill('SIGSTOP'));
    for (const spare of stopping) spare.stopped = true;
    for (let waitedMs = 0; waitedMs < STOP_WAIT_MS; waitedMs += 1) {
      if (stopping.every((spare) => hasStopped(spare.child.pid))) return;
      await sleep(1);
    }
  }

  /** Lets every spare run again (no fork is measuring). */
  resume(): void {
    for (const spare of this.#spares) {
      if (!spare.stopped) continue;
      spare.child.kill('SIGCONT');
      spare.stopped = false;
    }
  }

  /** How many spares are waiting, and how many of them have imported their module. */
  counts(): { readonly spares: number; readonly ready: number } {
    return { spares: this.#spares.length, ready: this.#spares.filter((spare) => spare.ready).length };
  }

  /** The process ids of the waiting spares, oldest first. */
  pids(): number[] {
    return this.#spares.flatMap((spare) => (spare.child.pid === undefined ? [] : [spare.child.pid]));
  }

  /** Ends every spare (the session is over). */
  dispose(): void {
    for (const spare of this.#spares) spare.child.kill('SIGKILL');
    this.#spares = [];
  }
}
