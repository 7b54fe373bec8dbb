/**
 * Entry point of a fork: a fresh `node --expose-gc` process that receives one task over IPC, imports
 * the suite module, runs one trial and reports each iteration back. It exits when done, and when its
 * parent goes away. A spare fork is told its suite module first (`prepare`): it imports it while
 * another fork runs its setup, says `ready`, and waits for its task — a fresh process all the same,
 * which has run no benchmark code before its own trial.
 */
import type { SuiteDefinition } from '../define/definition.js';
import { errorMessage } from '../define/errors.js';
import type { ForkFailure, ForkMessage, ForkRequest, ForkTask, TurnKind } from './fork-protocol.js';
import { loadSuite } from './suite-loader.js';
import { runTrial } from './trial-runner.js';

/** Resolves the parent's `go`, the answer to this fork's `turn`. */
let turnGranted: (() => void) | undefined;

/** Tells the parent this fork is ready for its next turn, and waits until the parent grants it. */
function turn(kind: TurnKind): Promise<void> {
  return new Promise((resolve) => {
    turnGranted = resolve;
    void send({ type: 'turn', kind });
  });
}

/** The suite module imported ahead of the task (a spare), with what the import gave. */
let prepared: { readonly suiteModule: string; readonly suite: Promise<SuiteDefinition> } | undefined;

function send(message: ForkMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (process.send === undefined) {
      reject(new Error('fork-child.js must be started by the dbbench runner (no IPC channel)'));
      return;
    }
    process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

let finished = false;

/** Reports the outcome once and exits; a benchmark's leftover handles cannot keep the fork alive. */
async function finish(failure: ForkFailure | undefined): Promise<void> {
  if (finished) return;
  finished = true;
  try {
    await send({ type: 'done', ...(failure === undefined ? {} : { failure }) });
  } finally {
    // Safe on Linux: stdout and stderr are synchronous for pipes, files and TTYs.
    process.exit(failure === undefined ? 0 : 1);
  }
}

function prepare(suiteModule: string): void {
  const suite = loadSuite(suiteModule);
  prepared = { suiteModule, suite };
  suite.then(
    () => void send({ type: 'ready' }),
    // The import's failure is reported with the task it stops.
    () => void send({ type: 'ready' }),
  );
}

async function runTask(task: ForkTask): Promise<void> {
  let failure: ForkFailure | undefined;
  try {
    void send({ type: 'phase', change: { phase: 'import' } });
    const suite = await (prepared?.suiteModule === task.suiteModule
      ? prepared.suite
      : loadSuite(task.suiteModule));
    const benchmark = suite.benchmarks[task.benchmarkName];
    if (benchmark === undefined) {
      failure = { phase: 'import', message: `suite ${suite.name} has no benchmark ${task.benchmarkName}` };
    } else {
      failure = await runTrial(benchmark, task, {
        iteration: (iteration) => void send({ type: 'iteration', iteration }),
        log: (message) => void send({ type: 'log', message }),
        phase: (change) => void send({ type: 'phase', change }),
        failing: (failure) => void send({ type: 'failing', failure }),
        facts: (facts) => void send({ type: 'facts', facts }),
        turn,
      });
    }
  } catch (error) {
    failure = { phase: 'import', message: errorMessage(error) };
  }
  await finish(failure);
}

// A stray rejection or throw from a benchmark's background work fails the trial with its message
// instead of dying silently.
const crash = (error: unknown): void => {
  void finish({ phase: 'crash', message: errorMessage(error) });
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
// The parent died or gave up on us: nobody will read the results.
process.on('disconnect', () => process.exit(1));
process.on('message', (request: ForkRequest) => {
  if (request.type === 'prepare') prepare(request.suiteModule);
  else if (request.type === 'go') turnGranted?.();
  else void runTask(request.task);
});
