import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SuiteDefinition } from '../define/definition.js';
import { DbbenchError, errorMessage, usageError } from '../define/errors.js';
import { presentationProblems } from '../define/presentation.js';

/** Resolves a suite module path (relative to the working directory) and checks it exists. */
export function resolveSuitePath(modulePath: string): string {
  const absolute = resolve(modulePath);
  if (!existsSync(absolute)) {
    throw usageError(
      `suite module ${shortenPath(modulePath)} not found; pass a compiled suite module such as dist/postgres-suite.js (run the build first)`,
    );
  }
  if (!statSync(absolute).isFile()) {
    throw usageError(
      `suite module ${shortenPath(modulePath)} is not a file; pass a compiled suite module such as dist/postgres-suite.js`,
    );
  }
  return absolute;
}

function shortenPath(path: string): string {
  return path.length > 120 ? `${path.slice(0, 60)}…${path.slice(-40)}` : path;
}

/** Imports a suite module and checks that its default export is a suite definition. */
export async function loadSuite(absolutePath: string): Promise<SuiteDefinition> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(absolutePath).href)) as { default?: unknown };
  } catch (error) {
    // A usage error: the argument does not name a loadable suite (often: not built, or not a module).
    const reason = errorMessage(error).split('\n')[0] ?? '';
    throw new DbbenchError(`cannot load suite module ${absolutePath}: ${reason}`, {
      usage: true,
      cause: error,
    });
  }
  const suite = module.default as Partial<SuiteDefinition> | undefined;
  if (
    suite === undefined ||
    typeof suite !== 'object' ||
    typeof suite.name !== 'string' ||
    typeof suite.axes !== 'object' ||
    typeof suite.benchmarks !== 'object'
  ) {
    throw usageError(
      `${absolutePath} has no suite as its default export; export default defineSuite({ name, database, axes, benchmarks })`,
    );
  }
  for (const [name, benchmark] of Object.entries(suite.benchmarks ?? {})) {
    const operations = benchmark.operationsPerInvocation;
    if (operations !== undefined && !(Number.isInteger(operations) && operations > 0)) {
      throw new DbbenchError(
        `benchmark ${name} in ${absolutePath}: operationsPerInvocation must be a positive integer, got ${operations}`,
      );
    }
  }
  if (suite.display !== undefined) {
    const problems = presentationProblems(suite.display, suite.benchmarks ?? {});
    if (problems.length > 0) {
      throw new DbbenchError(`suite ${absolutePath} declares display it cannot show: ${problems.join('; ')}`);
    }
  }
  return suite as SuiteDefinition;
}
