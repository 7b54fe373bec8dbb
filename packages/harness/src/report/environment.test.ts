import { describe, expect, it } from 'vitest';
import { collectEnvironment, parseCpuAffinity } from './environment.js';

describe('parseCpuAffinity', () => {
  it('reads Cpus_allowed_list from a /proc status text', () => {
    const status = 'Name:\tnode\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed_list:\t0\n';
    expect(parseCpuAffinity(status)).toBe('0-1');
    expect(parseCpuAffinity('Cpus_allowed_list:\t0,2,4-7\n')).toBe('0,2,4-7');
  });

  it('is undefined where the line is missing', () => {
    expect(parseCpuAffinity('Name:\tnode\n')).toBeUndefined();
  });
});

describe('collectEnvironment', () => {
  it.skipIf(process.platform !== 'linux')('records the CPUs this process may run on, on Linux', () => {
    expect(collectEnvironment().cpuAffinity).toMatch(/^\d+([-,]\d+)*$/);
  });
});
