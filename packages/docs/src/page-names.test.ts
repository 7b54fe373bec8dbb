import { describe, expect, it } from 'vitest';
import { jmhPageNames } from './page-names.js';

const names = (files: string[], taken: string[] = []) =>
  Object.fromEntries([...jmhPageNames(files, new Set(taken))].map(([file, page]) => [file, page.name]));

describe('jmhPageNames', () => {
  it('uses the file name, with as many folders as it takes to tell reports apart', () => {
    expect(names(['java/orders/results.json', 'java/billing/results.json', 'java/other.json'])).toEqual({
      'java/orders/results.json': 'jmh-orders-results',
      'java/billing/results.json': 'jmh-billing-results',
      'java/other.json': 'jmh-other',
    });
  });

  it('never doubles the prefix, and never takes another page’s name', () => {
    expect(names(['bench/jmh-avgt.json', 'bench/JMH_result.json'])).toEqual({
      'bench/jmh-avgt.json': 'jmh-avgt',
      'bench/JMH_result.json': 'jmh-result',
    });
    expect(names(['a/jmh.json'], ['jmh'])).toEqual({ 'a/jmh.json': 'jmh-a-jmh' });
  });

  it('numbers paths that differ only in punctuation', () => {
    const result = names(['a/b.json', 'a-b.json']);
    expect(new Set(Object.values(result)).size).toBe(2);
  });
});
