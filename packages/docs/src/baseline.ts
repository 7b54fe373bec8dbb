import type { ReportFile } from './report-file.js';

/** The previous version of one report that the comparison uses, and where it came from. */
export interface Baseline {
  /** Sentence fragment for the page, e.g. "compared with the version at commit 0123abcd4567". */
  readonly origin: string;
  /** The previous report; undefined when there is none or it could not be read. */
  readonly report: ReportFile | undefined;
}
