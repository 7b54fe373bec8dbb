import { describe, expect, it } from 'vitest';
import { translateJmhSpellings } from './jmh-spellings.js';

describe('JMH spellings', () => {
  it('takes JMH flags as the dbbench flags they mean', () => {
    expect(
      translateJmhSpellings(['suite.js', '-wi', '3', '-w', '1s', '-i', '5', '-r', '2s', '-f', '2']),
    ).toEqual([
      'suite.js',
      '--warmup-iterations',
      '3',
      '--warmup-time',
      '1s',
      '-i',
      '5',
      '--time',
      '2s',
      '-f',
      '2',
    ]);
    expect(
      translateJmhSpellings(['-tu', 'ms', '-to', '1m', '-bs', '4', '-wbs', '8', '-rff', 'out.json', '-l']),
    ).toEqual([
      '--unit',
      'ms',
      '--timeout',
      '1m',
      '--batch-size',
      '4',
      '--warmup-batch-size',
      '8',
      '--out',
      'out.json',
      '--list',
    ]);
  });

  it("maps JMH's mode names and drops -rf json (dbbench always writes JMH's JSON)", () => {
    expect(translateJmhSpellings(['-bm', 'AverageTime,thrpt', '-rf', 'json'])).toEqual([
      '--mode',
      'avgt,thrpt',
    ]);
    expect(translateJmhSpellings(['-bm', 'all'])).toEqual(['--mode', 'thrpt,avgt,sample,ss']);
    expect(translateJmhSpellings(['-rf', 'JSON'])).toEqual([]);
  });

  it('refuses what has no dbbench counterpart, naming what to do instead', () => {
    expect(() => translateJmhSpellings(['-t', '4'])).toThrow(/concurrency is an axis/);
    expect(() => translateJmhSpellings(['-rf', 'csv'])).toThrow(/JSON result format only/);
    expect(() => translateJmhSpellings(['-rf'])).toThrow(/JSON result format only/);
    expect(() => translateJmhSpellings(['-e', 'seed'])).toThrow(/-b <regex>/);
  });

  it('leaves dbbench flags and everything after -- alone', () => {
    expect(translateJmhSpellings(['--warmup-iterations', '2', '--', '-wi'])).toEqual([
      '--warmup-iterations',
      '2',
      '--',
      '-wi',
    ]);
  });
});
