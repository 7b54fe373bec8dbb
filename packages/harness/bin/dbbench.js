#!/usr/bin/env node
// The harness's own command, `dbbench-harness` (run, merge). A committed launcher (executable in
// git) so npm can link it before the TypeScript is built; the CLI itself is compiled to dist/.
import '../dist/cli/cli.js';
