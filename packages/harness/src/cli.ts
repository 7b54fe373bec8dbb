/** The `dbbench` executable (bin/dbbench.js imports this file from dist/). */
import { runCli } from './cli-program.js';

process.exitCode = await runCli(process.argv);
