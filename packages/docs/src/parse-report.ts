import { dbbenchReportSchema, jmhReportSchema } from '@dbbench/harness/report';
import path from 'node:path';
import { DocsError } from './docs-error.js';
import type { ReportFile } from './report-file.js';

/** Formats a validation path the way people write JSON paths: `$[3].primaryMetric.rawData[0][2]`. */
export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let text = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) text += `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/** The subset of a zod issue the messages use. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  /** For a failed union: the issues of each alternative. */
  readonly errors?: readonly (readonly Issue[])[];
  readonly expected?: string;
  readonly values?: readonly unknown[];
}

function valueAt(json: unknown, segments: readonly PropertyKey[]): unknown {
  let value = json;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** One alternative's expectation, e.g. `number` or `"NaN"`. */
function expectation(issue: Issue): string | undefined {
  if (issue.expected) return issue.expected;
  if (issue.values) return issue.values.map((value) => JSON.stringify(value)).join(' or ');
  return undefined;
}

function describeIssue(issue: Issue, json: unknown): string {
  // A union (e.g. number | "NaN") fails with a bare "Invalid input": spell out the alternatives.
  if (issue.code === 'invalid_union' && issue.errors) {
    const expected = [...new Set(issue.errors.flatMap((alternative) => alternative.map(expectation)))].filter(
      (text): text is string => text !== undefined,
    );
    if (expected.length > 0) {
      return `expected ${expected.join(' or ')}, got ${describeValue(valueAt(json, issue.path))}`;
    }
  }
  return issue.message;
}

function invalid(file: string, issues: readonly Issue[], json?: unknown): DocsError {
  const shown = issues
    .slice(0, 5)
    .map((issue) => `  at ${formatJsonPath(issue.path)}: ${describeIssue(issue, json)}`);
  const more = issues.length > 5 ? [`  … and ${issues.length - 5} more`] : [];
  return new DocsError(
    [
      `${file} is not a valid report:`,
      ...shown,
      ...more,
      'Fix or re-run the benchmark that wrote it (reports are JMH JSON arrays with a `dbbench` extension per result); no docs were written.',
    ].join('\n'),
  );
}

/**
 * Parses and validates one report. A file whose results carry a `dbbench` extension is checked
 * against the harness's report schema; a file with none is read as plain JMH JSON. Every error
 * names the file, the JSON path and what was expected.
 *
 * @param file - the path shown in messages and recorded in the docs (relative to the repository root)
 * @param text - the file's content
 */
export function parseReport(file: string, text: string): ReportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DocsError(
      `${file} is not valid JSON (${reason}). A benchmark interrupted while writing leaves a truncated report: re-run it; no docs were written.`,
    );
  }
  if (!Array.isArray(json)) {
    throw invalid(file, [{ path: [], message: 'expected an array of JMH results' }]);
  }
  const hasExtension = json.some(
    (result) => typeof result === 'object' && result !== null && 'dbbench' in (result as object),
  );
  if (!hasExtension) {
    const parsed = jmhReportSchema.safeParse(json);
    if (!parsed.success) throw invalid(file, parsed.error.issues, json);
    return { kind: 'jmh', file, name: path.posix.basename(file, '.json'), results: parsed.data };
  }
  const parsed = dbbenchReportSchema.safeParse(json);
  if (!parsed.success) throw invalid(file, parsed.error.issues, json);
  const first = parsed.data[0];
  if (!first) throw invalid(file, [{ path: [], message: 'expected at least one result' }]);
  const { suite, database } = first.dbbench;
  // One file holds one suite on one database; a mixed file would put numbers on the wrong page.
  parsed.data.forEach((result, index) => {
    for (const [key, expected] of [
      ['suite', suite],
      ['database', database],
    ] as const) {
      if (result.dbbench[key] !== expected) {
        throw invalid(file, [
          {
            path: [index, 'dbbench', key],
            message: `expected "${expected}" like the first result (one report holds one suite on one database), got "${result.dbbench[key]}"`,
          },
        ]);
      }
    }
  });
  return { kind: 'dbbench', file, suite, database, results: parsed.data };
}
