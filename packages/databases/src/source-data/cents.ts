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
  const { negative, whole, fraction } = decimalParts(amount);
  const cents = Number(whole) * 100 + Number(fraction);
  return negative ? -cents : cents;
}

/** {@link parseCents} as a bigint, exact at any size (a server's sum of key × amount exceeds 2^53). */
export function parseCentsBigInt(amount: string): bigint {
  const { negative, whole, fraction } = decimalParts(amount);
  const cents = BigInt(whole) * 100n + BigInt(fraction);
  return negative ? -cents : cents;
}

/** Sign, whole digits and two fraction digits of a decimal amount; throws when it is not one. */
function decimalParts(amount: string): { negative: boolean; whole: string; fraction: string } {
  const match = DECIMAL_AMOUNT.exec(amount.trim());
  if (match === null) {
    throw new TypeError(`Amount ${JSON.stringify(amount)} is not a decimal with at most 2 places.`);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  return { negative: sign === '-', whole, fraction: fraction.padEnd(2, '0') };
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DOT = 46;

/** The digit at `index` of `text`, or -1 when it is not an ASCII digit. */
function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= DIGIT_0 && code <= DIGIT_9 ? code - DIGIT_0 : -1;
}

/**
 * {@link parseCents} of `text.slice(from, to)` without cutting the slice out: the batch job's text
 * transform reads every amount of a page in place. Amounts as servers print `numeric(12,2)` (digits,
 * a dot, two digits, or digits alone) are read digit by digit; anything else (a sign, one or more
 * than two fraction digits, spaces) goes through {@link parseCents}, so both always agree.
 *
 * @example
 * ```ts
 * parseCentsAt('7\tx\t512.30\tgarden', 4, 10) // 51230
 * ```
 */
export function parseCentsAt(text: string, from: number, to: number): number {
  let whole = 0;
  let index = from;
  for (; index < to; index++) {
    const digit = digitAt(text, index);
    if (digit === -1) break;
    whole = whole * 10 + digit;
  }
  // Whole digits alone, at most 15 of them so the integer stays exact.
  const wholeDigits = index - from;
  if (wholeDigits > 0 && wholeDigits <= 15) {
    if (index === to) return whole * 100;
    if (to - index === 3 && text.charCodeAt(index) === DOT) {
      const tenths = digitAt(text, index + 1);
      const hundredths = digitAt(text, index + 2);
      if (tenths !== -1 && hundredths !== -1) return whole * 100 + tenths * 10 + hundredths;
    }
  }
  return parseCents(text.slice(from, to));
}
