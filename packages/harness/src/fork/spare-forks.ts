/**
 * Spare forks: the next fork's process started early, so its start and suite import (about half a
 * second of every fork here, a second on a loaded machine) overlap the current fork's own start,
 * setup and warmup instead of adding to the run. A spare is a fresh `node --expose-gc` process that
 * has only imported the suite module; it runs no benchmark code until it is handed its task, so forks
 * stay as isolated as before.
 *
 * A spare never works while a fork measures: before its first measurement iteration a fork asks the
 * parent and waits until every spare has finished importing (then a spare sits blocked on its IPC
 * channel and uses no CPU). A spare is never stopped, so a runner that is killed leaves none behind:
 * each exits when its IPC channel closes, as every fork does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ForkMessage, ForkRequest } from './fork-protocol.js';

/** The compiled fork entry; `../../dist/fork/` resolves from both src/fork/ (tests) and dist/fork/. */
export const FORK_CHILD_PATH = fileURLToPath(new URL('../../dist/fork/fork-child.js', import.meta.url));

/**
 * How long a fork about to measure waits for a spare to finish importing before the spare is ended
 * instead (an import that slow is stuck, or the machine is; the next fork then starts fresh).
 */
export const SPARE_READY_TIMEOUT_MS = 30_000;

/** Starts a fork process: only `--expose-gc` (inheriting the parent's flags, e.g. --inspect, would break or skew it). */
export function spawnFork(): ChildProcess {
  return fork(FORK_CHILD_PATH, [], {
    execArgv: ['--expose-gc'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

interface Spare {
  readonly suiteModule: string;
  readonly child: ChildProcess;
  /** Settles when the spare has imported its module (or failed to: the task will say so), or ended. */
  readonly ready: Promise<void>;
  isReady: boolean;
}

/** The spare processes of one measurement session, one per suite module. */
export class SpareForks {
  #spares: Spare[] = [];
  readonly #spawn: () => ChildProcess;

  constructor(spawn: () => ChildProcess = spawnFork) {
    this.#spawn = spawn;
  }

  /** Starts a spare for `suiteModule` unless one is waiting already. */
  prepare(suiteModule: string): void {
    if (this.#spares.some((spare) => spare.suiteModule === suiteModule)) return;
    const child = this.#spawn();
    let markReady: () => void = () => undefined;
    const spare: Spare = {
      suiteModule,
      child,
      ready: new Promise<void>((resolve) => (markReady = resolve)),
      isReady: false,
    };
    const settle = (): void => {
      spare.isReady = true;
      markReady();
    };
    child.on('message', (message: ForkMessage) => {
      if (message.type === 'ready') settle();
    });
    // A spare that dies before its task (killed, out of memory) is simply not used.
    child.once('exit', () => {
      this.#spares = this.#spares.filter((other) => other !== spare);
      settle();
    });
    child.send({ type: 'prepare', suiteModule } satisfies ForkRequest);
    this.#spares.push(spare);
  }

  /**
   * The spare for `suiteModule`, no longer a spare, or undefined when there is none (then the caller
   * starts a fresh process).
   */
  take(suiteModule: string): ChildProcess | undefined {
    const spare = this.#spares.find((candidate) => candidate.suiteModule === suiteModule);
    if (spare === undefined) return undefined;
    this.#spares = this.#spares.filter((other) => other !== spare);
    if (spare.child.exitCode !== null || spare.child.signalCode !== null) return undefined;
    spare.child.removeAllListeners('message');
    spare.child.removeAllListeners('exit');
    return spare.child;
  }

  /**
   * Resolves once every spare has finished importing and sits idle (a fork is about to measure); a
   * spare still importing after `timeoutMs` is ended instead.
   */
  async whenIdle(timeoutMs: number = SPARE_READY_TIMEOUT_MS): Promise<void> {
    const waiting = this.#spares.filter((spare) => !spare.isReady);
    if (waiting.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all(waiting.map((spare) => spare.ready)), timedOut]);
    clearTimeout(timer);
    for (const spare of waiting) {
      if (!spare.isReady) this.#end(spare);
    }
  }

  /** How many spares are waiting, and how many of them have imported their module. */
  counts(): { readonly spares: number; readonly ready: number } {
    return { spares: this.#spares.length, ready: this.#spares.filter((spare) => spare.isReady).length };
  }

  /** Ends every spare (the session is over). */
  dispose(): void {
    for (const spare of this.#spares) this.#end(spare);
  }

  #end(spare: Spare): void {
    this.#spares = this.#spares.filter((other) => other !== spare);
    spare.child.kill('SIGKILL');
  }
}
