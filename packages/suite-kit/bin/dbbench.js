#!/usr/bin/env node
// The `dbbench` command: the harness's `run` and `merge` plus the database commands. A committed
// launcher (executable in git) so npm links it at install time, before the TypeScript is built; the
// CLI itself is compiled to dist/.
import '../dist/cli.js';
