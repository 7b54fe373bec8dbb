import { describe, expect, it } from 'vitest';
import { axisValueProblem } from '@dbbench/harness';
import { CPUS_AXIS_TYPE, cpusOf, limitsCpus, parseCpus } from './cpus-axis.js';

describe('the cpus axis', () => {
  it('takes none (no quota) and CPU counts up to the machine', () => {
    expect(parseCpus('none', 2)).toBeUndefined();
    expect(parseCpus('0.5', 2)).toBe(0.5);
    expect(parseCpus('2', 2)).toBe(2);
  });

  it.each([
    ['0', /at least 0\.01/],
    ['-1', /at least 0\.01/],
    ['abc', /not a number of CPUs/],
    ['', /not a number of CPUs/],
    ['64', /more than this machine has \(2\)/],
  ])('refuses cpus=%s saying what it takes', (value, message) => {
    expect(() => parseCpus(value, 2)).toThrow(message);
  });

  it('is checked in the parent through its axis type', () => {
    expect(axisValueProblem(CPUS_AXIS_TYPE, 'abc')).toMatch(/cpus=abc is not a number of CPUs/);
    expect(axisValueProblem(CPUS_AXIS_TYPE, 'none')).toBeUndefined();
  });

  it('asks for a quota only where the axis holds a number', () => {
    expect(limitsCpus({ cpus: '1' })).toBe(true);
    expect(limitsCpus({ cpus: 'none' })).toBe(false);
    expect(limitsCpus({ poolSize: '10' })).toBe(false);
    expect(cpusOf({ cpus: '0.5' })).toBe(0.5);
    expect(cpusOf({})).toBeUndefined();
  });
});
