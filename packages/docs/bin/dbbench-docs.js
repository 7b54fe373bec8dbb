#!/usr/bin/env node
// The `dbbench-docs` command. A committed launcher (executable in git) so npm can link it before
// the TypeScript is built; the CLI itself is compiled to dist/.
import '../dist/cli.js';
