/**
 * Reading and writing report files. Reads validate against the schema so a hand-edited or truncated
 * report fails with a message naming the file and the field; writes go to a temp file and are renamed
 * over the target, so a crash mid-write never leaves half a report.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { DbbenchError } from '../define/errors.js';
import type * as ReportSchema from './report-schema.js';
import type { DbbenchReport, DbbenchResult } from './report-schema.js';

/** Reads and validates a report; throws a {@link DbbenchError} naming the file, JSON path and expectation. */
export async function readReport(path: string): Promise<DbbenchReport> {
  const report = await readReportIfExists(path);
  if (report === undefined) throw new DbbenchError(`report ${path} does not exist: run the suite first`);
  return report;
}

/** Reads and validates a report if the file exists (undefined otherwise); invalid files still throw. */
export async function readReportIfExists(path: string): Promise<DbbenchReport | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DbbenchError(`cannot read report ${path}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DbbenchError(
      `report ${path} is not valid JSON (${(error as Error).message}); delete it or restore it from git`,
      { cause: error },
    );
  }
  try {
    return await parseReport(json, path);
  } catch (error) {
    throw new DbbenchError(`${(error as Error).message}; fix the file, or delete it to start a new report`);
  }
}

/**
 * The report schema, loaded on first use: every fork imports this module through the harness's index,
 * and only the parent ever validates a report; loading zod eagerly cost each fork ~90 ms.
 */
let schemas: Promise<typeof ReportSchema> | undefined;

/** The report schemas (zod), loaded once on first use; every reader of reports goes through here. */
export function reportSchemas(): Promise<typeof ReportSchema> {
  schemas ??= import('./report-schema.js');
  return schemas;
}

/** Validates parsed JSON as a report; `source` names it in the error message. */
export async function parseReport(json: unknown, source: string): Promise<DbbenchReport> {
  const { dbbenchReportSchema } = await reportSchemas();
  const result = dbbenchReportSchema.safeParse(json);
  if (!result.success) throw new DbbenchError(`report ${source} is invalid: ${describeIssues(result.error)}`);
  return result.data;
}

/**
 * Validates a report and writes it atomically: a temp file beside the target, then a rename. The
 * output is stable (2-space JSON, trailing newline) so committed reports diff cleanly.
 */
export async function writeReportAtomic(path: string, report: DbbenchReport): Promise<void> {
  const validated = await parseReport(report, `about to be written to ${path}`);
  await mkdir(dirname(path), { recursive: true });
  const temporaryPath = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporaryPath, `${JSON.stringify(validated, null, 2)}\n`, 'utf8');
    await rename(temporaryPath, path);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/** The identity of a result inside a report: benchmark, mode and parameters. */
export function resultKey(result: Pick<DbbenchResult, 'benchmark' | 'mode' | 'params'>): string {
  const params = Object.entries(result.params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([result.benchmark, result.mode, params]);
}

/**
 * Merges results into a report by {@link resultKey}: a new result replaces the old one in place,
 * results with new keys are appended in order.
 */
export function mergeResults(report: DbbenchReport, results: readonly DbbenchResult[]): DbbenchReport {
  const merged = [...report];
  const indexByKey = new Map(merged.map((result, index) => [resultKey(result), index]));
  for (const result of results) {
    const key = resultKey(result);
    const index = indexByKey.get(key);
    if (index === undefined) {
      indexByKey.set(key, merged.length);
      merged.push(result);
    } else {
      merged[index] = result;
    }
  }
  return merged;
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path
      .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`))
      .join('');
    return `at ${path === '' ? '(root)' : path.replace(/^\./, '')}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more problems)` : '';
  return `${shown.join('; ')}${more}`;
}
