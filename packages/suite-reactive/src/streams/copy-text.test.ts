import { describe, expect, it } from 'vitest';
import { encodeCopyRow, encodeCopyValue } from './copy-text.js';

describe('encodeCopyValue', () => {
  it('escapes the characters COPY text treats as separators', () => {
    expect(encodeCopyValue('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
  });

  it('writes null as \\N and dates as UTC ISO-8601', () => {
    expect(encodeCopyValue(null)).toBe('\\N');
    expect(encodeCopyValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('writes numbers and booleans as their text', () => {
    expect(encodeCopyValue(12)).toBe('12');
    expect(encodeCopyValue(10n)).toBe('10');
    expect(encodeCopyValue(true)).toBe('true');
  });
});

describe('encodeCopyRow', () => {
  it('joins values with tabs and ends the line', () => {
    expect(encodeCopyRow([1, 'x', null])).toBe('1\tx\t\\N\n');
  });
});
