/** A decimal with up to two significant fraction digits; further digits must be zeros (`12.3400`). */
const DECIMAL_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2})0*)?$/;

/**
 * Exact cents of a decimal string such as `'1234.5'`, `'-0.07'` or a server's sum `'98765.4300'`,
 * never through a float. Exact for every amount below 2^53 cents. The one parser of amounts: the
 * job's transformation and the source checksum both use it.
 *
 * @example
 * ```ts
 * parseCents('512.3') // 51230
 * ```
 */
export function parseCents(amount: string): number {
  const match = DECIMAL_AMOUNT.exec(amount.trim());
  if (match === null) {
    throw new TypeError(`Amount ${JSON.stringify(amount)} is not a decimal with at most 2 places.`);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}
