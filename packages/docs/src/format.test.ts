import { describe, expect, it } from 'vitest';
import {
  compareParamValues,
  escapeTableCell,
  formatBytes,
  formatCount,
  formatNumber,
  formatPercent,
  formatRatio,
} from './format.js';

describe('formatting', () => {
  it('rounds to significant digits with en-US grouping', () => {
    expect(formatNumber(12345.6)).toBe('12,300');
    expect(formatNumber(0.012345)).toBe('0.0123');
    expect(formatNumber(1.5, 2)).toBe('1.5');
    expect(formatNumber('NaN')).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('writes counts in full, grouped', () => {
    expect(formatCount(123456)).toBe('123,456');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('—');
  });

  it('signs percentages and ratios', () => {
    expect(formatPercent(19.96)).toBe('+20.0%');
    expect(formatPercent(-3.04)).toBe('-3.0%');
    expect(formatPercent(0.01)).toBe('0.0%');
    expect(formatRatio(0.849)).toBe('0.85×');
  });

  it('writes bytes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GiB');
  });

  it('escapes what would break a table cell or turn into HTML', () => {
    expect(escapeTableCell('expected <1000> rows | got *0*\nretry')).toBe(
      'expected &lt;1000&gt; rows \\| got \\*0\\* retry',
    );
  });

  it('sorts parameter values numerically when both are numbers', () => {
    expect(['100000', '1000', '10000'].sort(compareParamValues)).toEqual(['1000', '10000', '100000']);
    expect(['none', '100', '1000'].sort(compareParamValues)).toEqual(['100', '1000', 'none']);
  });
});
