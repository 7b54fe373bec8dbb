/**
 * The `dbbench` executable (bin/dbbench.js imports this file from dist/): the harness's command line
 * (`run`, `merge`) with the database commands added (`containers`).
 */
import { runCli } from '@dbbench/harness';
import { DATABASE_COMMANDS } from './commands/index.js';

const exitCode = await runCli(process.argv, { commands: DATABASE_COMMANDS });
// Exit explicitly: a handle a suite's run setup left open must not keep a finished run (or CI) waiting.
process.exit(exitCode);
