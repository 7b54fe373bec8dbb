/**
 * The harness's own executable, `dbbench-harness` (bin/dbbench.js imports this file from dist/): `run`
 * and `merge` only. A package that adds commands ships its own bin that calls {@link runCli} with
 * them; the `dbbench` command users type is one.
 */
import { runCli } from './cli-program.js';

const exitCode = await runCli(process.argv);
// Exit explicitly: a handle a suite's run setup left open must not keep a finished run (or CI) waiting.
// Safe on Linux, where stdout and stderr writes to pipes, files and terminals are synchronous.
process.exit(exitCode);
