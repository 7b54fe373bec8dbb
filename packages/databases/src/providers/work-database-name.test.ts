import { describe, expect, it } from 'vitest';
import { hostTag, isWorkDatabaseName, workDatabaseName, workDatabaseOwner } from './work-database-name.js';

describe('work database names', () => {
  it('record this host and PID, stay within 63 characters, and read back', () => {
    const name = workDatabaseName('pooled');
    expect(name).toMatch(new RegExp(`^dbbench_pooled_h${hostTag()}p${process.pid}_[0-9a-f]{8}$`));
    expect(isWorkDatabaseName(name)).toBe(true);
    expect(workDatabaseOwner(name)).toEqual({ hostTag: hostTag(), pid: process.pid });
    const long = workDatabaseName('A very long suite name with spaces and UPPER case, '.repeat(4), {
      hostTag: 'abcdef',
      pid: 4_194_304,
    });
    expect(long.length).toBeLessThanOrEqual(63);
    expect(workDatabaseOwner(long)).toEqual({ hostTag: 'abcdef', pid: 4_194_304 });
  });

  it('names made before they recorded a run have no owner; other names are not work databases', () => {
    expect(workDatabaseOwner('dbbench_pooled_0123abcd')).toBeUndefined();
    expect(isWorkDatabaseName('dbbench_pooled_0123abcd')).toBe(true);
    for (const other of ['dbbench', 'dbbench_keep_me', 'test', 'dbbench_x_h123456p1_0000aaaa; DROP'])
      expect(isWorkDatabaseName(other)).toBe(false);
  });
});
