#!/usr/bin/env node
// The `dbbench` command: the harness's `run` and `merge` plus the database commands. A committed
// launcher (executable in git) so npm links it at install time, before the TypeScript is built; the
// CLI itself is compiled to dist/.
try {
  await import('../dist/cli.js');
} catch (error) {
  // Right after `npm ci` nothing is compiled yet: say what to do instead of a module-resolution stack.
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && /[\\/]dist[\\/]/.test(String(error.message))) {
    process.stderr.write('dbbench: the packages are not built yet; run `npx turbo run build` first\n');
    process.exit(1);
  }
  throw error;
}
