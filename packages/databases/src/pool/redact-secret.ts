/**
 * Removes a secret (a password) from an error, in place, and returns it: from the message, the
 * stack, every own string property (mysql2 repeats the server's text in `sqlMessage`, pg in
 * `detail`/`hint`) and every error it wraps, so nothing printed, inspected or serialised carries it.
 */
export function redactSecret<E>(error: E, secret: string): E {
  if (secret.length === 0) return error;
  const scrub = (text: string): string => text.split(secret).join('***');
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (!(value instanceof Error) || seen.has(value)) return;
    seen.add(value);
    value.message = scrub(value.message);
    if (value.stack !== undefined) value.stack = scrub(value.stack);
    const fields = value as unknown as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      const field = fields[key];
      if (typeof field === 'string') fields[key] = scrub(field);
      else visit(field);
    }
    visit(value.cause);
    if (value instanceof AggregateError) for (const inner of value.errors) visit(inner);
  };
  visit(error);
  return error;
}
