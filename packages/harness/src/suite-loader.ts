import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SuiteDefinition } from './definition.js';
import { DbbenchError, usageError } from './errors.js';

/** Resolves a suite module path (relative to the working directory) and checks it exists. */
export function resolveSuitePath(modulePath: string): string {
  const absolute = resolve(modulePath);
  if (!existsSync(absolute)) {
    throw usageError(
      `suite module ${modulePath} not found; pass a compiled suite module such as dist/postgres-suite.js (run the build first)`,
    );
  }
  return absolute;
}

/** Imports a suite module and checks that its default export is a suite definition. */
export async function loadSuite(absolutePath: string): Promise<SuiteDefinition> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(absolutePath).href)) as { default?: unknown };
  } catch (error) {
    throw new DbbenchError(`cannot load suite module ${absolutePath}: ${(error as Error).message}`, {
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
  return suite as SuiteDefinition;
}
