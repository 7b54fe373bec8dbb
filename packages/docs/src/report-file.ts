import type { DbbenchResult, JmhResult } from '@dbbench/harness/report';

/** A validated dbbench report: one suite on one database (`packages/<suite>/reports/<database>.json`). */
export interface DbbenchReportFile {
  readonly kind: 'dbbench';
  /** Path relative to the repository root (absolute when outside it), with `/` separators. */
  readonly file: string;
  readonly suite: string;
  readonly database: string;
  readonly results: readonly DbbenchResult[];
}

/** A validated plain JMH report (e.g. from a Java project), rendered as generic tables. */
export interface JmhReportFile {
  readonly kind: 'jmh';
  /** Path relative to the repository root (absolute when outside it), with `/` separators. */
  readonly file: string;
  readonly results: readonly JmhResult[];
}

/** Any report the generator can render. */
export type ReportFile = DbbenchReportFile | JmhReportFile;
