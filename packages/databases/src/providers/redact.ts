/** What a redacted secret is replaced with, everywhere. */
export const REDACTED = '***';

// `scheme://user:password@host`: the password ends at the last `@` before the host part.
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*:)[^\s/?#]*@/gi;
// libpq key/value strings and similar: `password=secret`, `PGPASSWORD=secret` (not MySQL's
// harmless "using password: YES").
const PASSWORD_ASSIGNMENT = /(password\s*=\s*)("[^"]*"|'[^']*'|[^\s,;&)]+)/gi;

/**
 * Removes passwords from text before it is shown, logged or written: the password part of any
 * `scheme://user:password@host` URL, `password=…` assignments, and every string in `secrets`
 * (verbatim and URL-encoded). Empty secrets are ignored.
 *
 * @example
 * ```ts
 * redact('postgres://bench:s3cret@db:5432/app'); // 'postgres://bench:***@db:5432/app'
 * redact('login failed for s3cret', ['s3cret']); // 'login failed for ***'
 * ```
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let result = text.replace(URL_CREDENTIALS, `$1${REDACTED}@`).replace(PASSWORD_ASSIGNMENT, `$1${REDACTED}`);
  const variants = secrets
    .filter((secret) => secret.length > 0)
    .flatMap((secret) => [secret, encodeURIComponent(secret)])
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  for (const variant of variants) result = result.split(variant).join(REDACTED);
  return result;
}

/**
 * The message of anything thrown, with secrets removed. Handles the empty-message
 * `AggregateError` Node raises when every address of a host refuses a connection.
 */
export function redactedErrorMessage(error: unknown, secrets: readonly string[] = []): string {
  return redact(errorText(error), secrets);
}

function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') {
    const inner = error.errors.map(errorText).filter((text) => text.length > 0);
    return [...new Set(inner)].join('; ') || 'AggregateError';
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (error.message !== '') return error.message;
    return typeof code === 'string' ? code : error.name;
  }
  return String(error);
}
