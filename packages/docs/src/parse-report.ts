import { redactCredentials, redactReportCredentials } from '@dbbench/harness';
import { dbbenchReportSchema, jmhReportSchema } from '@dbbench/harness/report';
import { DocsError } from './docs-error.js';
import { checkHistograms } from './histogram-distributions.js';
import { fillRawDataFromHistograms } from './jmh-histogram.js';
import { findNonFiniteNumber, formatJsonPath, type ReportProblem } from './json-path.js';
import { findResultProblem } from './report-checks.js';
import type { ReportFile } from './report-file.js';

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
  if (issue.code === 'invalid_type' && issue.expected) {
    return `expected ${issue.expected}, got ${describeValue(valueAt(json, issue.path))}`;
  }
  return issue.message;
}

const ADVICE = 'Fix or re-run the benchmark that wrote it; nothing was written.';

/** A report error in at most three lines: where, what (and how many more), what to do. */
function invalid(file: string, problems: readonly ReportProblem[]): DocsError {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  const where = first ? ` at ${formatJsonPath(first.path)}: ${first.message}` : '';
  return new DocsError(`${file} is not a valid report${where}${more}.\n${ADVICE}`);
}

function schemaProblems(issues: readonly Issue[], json: unknown): ReportProblem[] {
  return issues.map((issue) => ({ path: issue.path, message: describeIssue(issue, json) }));
}

function hasDbbenchExtension(results: readonly unknown[]): boolean {
  return results.some((result) => typeof result === 'object' && result !== null && 'dbbench' in result);
}

/**
 * Parses, redacts and validates one report. Every credential the report carries (a password in a
 * `connectUri` parameter of a Java project's JMH report, a token in an environment string) is
 * replaced by `***` first, before any check, message or page sees the data: this is the one place
 * reports enter the docs, current and baseline alike. A file whose results carry a `dbbench` extension is checked
 * against the harness's report schema; a file with none is read as plain JMH JSON (sample-mode
 * histograms included). Then what no schema can see: an empty report, a negative or non-finite
 * score, the same combination twice, an HDR histogram that does not decode or whose stored summary
 * disagrees with it (see `histogram-distributions.ts`). Every error names the file, the JSON path
 * (a histogram's: the result) and what was expected, in at most three lines.
 *
 * @param file - the path shown in messages and recorded in the docs
 * @param text - the file's content
 */
export function parseReport(file: string, text: string): ReportFile {
  let json: unknown;
  try {
    json = redactReportCredentials(JSON.parse(text) as unknown);
  } catch (error) {
    // V8 quotes the text around a syntax error, which may hold a password cut short: leave it out.
    const message = error instanceof Error ? error.message : String(error);
    const reason = redactCredentials(
      message.replace(/,\s*(?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, ''),
    );
    throw new DocsError(
      `${file} is not valid JSON (${reason}).\nA benchmark interrupted while writing leaves a truncated report: re-run it; nothing was written.`,
    );
  }
  if (!Array.isArray(json)) throw invalid(file, [{ path: [], message: 'expected an array of JMH results' }]);
  if (json.length === 0) {
    throw invalid(file, [{ path: [], message: 'an empty array: the report holds no result' }]);
  }
  const nonFinite = findNonFiniteNumber(json);
  if (nonFinite) throw invalid(file, [nonFinite]);

  if (!hasDbbenchExtension(json)) {
    const histogramProblem = fillRawDataFromHistograms(json);
    if (histogramProblem) throw invalid(file, [histogramProblem]);
    const parsed = jmhReportSchema.safeParse(json);
    if (!parsed.success) throw invalid(file, schemaProblems(parsed.error.issues, json));
    const problem = findResultProblem(parsed.data);
    if (problem) throw invalid(file, [problem]);
    return { kind: 'jmh', file, results: parsed.data };
  }

  const parsed = dbbenchReportSchema.safeParse(json);
  if (!parsed.success) throw invalid(file, schemaProblems(parsed.error.issues, json));
  const problem = findResultProblem(parsed.data);
  if (problem) throw invalid(file, [problem]);
  const [first] = parsed.data;
  if (!first) throw invalid(file, [{ path: [], message: 'an empty array: the report holds no result' }]);
  const { suite, database } = first.dbbench;
  // One file holds one suite on one database; a mixed file would put numbers on the wrong page.
  for (const [index, result] of parsed.data.entries()) {
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
  }
  checkHistograms(file, parsed.data);
  return { kind: 'dbbench', file, suite, database, results: parsed.data };
}
