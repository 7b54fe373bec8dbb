/**
 * The run-wide facts every result of a run carries: suite, database, profile, environment, the code
 * measured (git) and what the suite's run setup reported (the server). `run` and `compare` build
 * them the same way; only the git state differs (the working tree, or a compared side's checkout).
 */
import type { RunSetup, SuiteDefinition } from '../define/definition.js';
import { collectEnvironment } from './environment.js';
import type { RunMetadata } from './result-builder.js';

/** Builds a run's {@link RunMetadata}. */
export function runMetadata(
  suite: SuiteDefinition,
  options: {
    readonly quick: boolean;
    readonly git: { readonly commit: string; readonly dirty: boolean };
    readonly setup: RunSetup | undefined;
  },
): RunMetadata {
  return {
    suite: suite.name,
    database: suite.database,
    profile: options.quick ? 'quick' : 'default',
    environment: collectEnvironment(),
    git: options.git,
    runInfo: options.setup?.info ?? {},
    ...(suite.display === undefined ? {} : { display: suite.display }),
  };
}
