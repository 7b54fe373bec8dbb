/**
 * An error the user can cause (a malformed report, a bad flag, an output path that cannot be
 * used). The CLI prints its message — one to three lines that say what is wrong and what to do —
 * without a stack trace, and exits with {@link DocsError.exitCode}.
 */
export class DocsError extends Error {
  override readonly name = 'DocsError';
  /** 2 for bad input (arguments, reports, paths), 1 for a run that failed (stale docs, a failed write). */
  readonly exitCode: 1 | 2;

  constructor(message: string, options: { exitCode?: 1 | 2; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.exitCode = options.exitCode ?? 2;
  }
}
