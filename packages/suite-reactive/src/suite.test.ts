import { describe, expect, it } from 'vitest';
import { createSuite } from './suite.js';

describe('createSuite', () => {
  // The hub lists one row per question, keyed by its words: two questions worded alike would merge.
  it.each(['postgres', 'mysql'] as const)('words every declared question of %s differently', (engine) => {
    const questions = (createSuite(engine).display?.answers ?? []).map((answer) => answer.question);
    expect(questions.length).toBeGreaterThan(5);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it.each(['postgres', 'mysql'] as const)(
    'crosses the job with every driver of %s, the others not',
    (engine) => {
      const suite = createSuite(engine);
      expect(suite.benchmarks['job']?.axes).toContain('driver');
      expect(suite.benchmarks['chunks']?.axes).not.toContain('driver');
      expect(suite.axes['driver']).toHaveLength(2);
    },
  );
});
