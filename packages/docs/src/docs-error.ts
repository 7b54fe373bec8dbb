/**
 * An error the user can cause (a malformed report, a bad flag, stale docs). The CLI prints its
 * message without a stack trace, so the message must say what is wrong and what to do.
 */
export class DocsError extends Error {
  override readonly name = 'DocsError';
}
