/**
 * A RangeError for a value the user chose (a poolSize, a dataSize, a partition count), marked with
 * `dbbenchUserError` as the harness's `isUserError` expects, so the CLI prints the message alone.
 */
export function userRangeError(message: string): RangeError & { readonly dbbenchUserError: true } {
  return Object.assign(new RangeError(message), { dbbenchUserError: true as const });
}
