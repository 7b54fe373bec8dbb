/**
 * The README states what each engine's seed streams into and the invocations per fork; both are
 * checked against the code here, since a fact stated twice drifts (it called MySQL's seed "multi-row
 * INSERTs" after the seed moved to LOAD DATA LOCAL).
 */
import { readFile } from 'node:fs/promises';
import { ENGINE_NAMES, engineNamed } from '@dbbench/databases';
import { DEFAULT_SIZE_ITERATIONS, DEFAULT_SIZE_WARMUPS } from '@dbbench/suite-kit';
import { readmeTableProblems } from '@dbbench/suite-kit/testing';
import { STREAMING_JOB_INVOCATIONS } from './benchmarks/single-shot-iterations.js';
import { createSuite } from './suite.js';
import { describe, expect, it } from 'vitest';

const README = new URL('../README.md', import.meta.url);

describe('the README', () => {
  it("names each engine's bulk path for the seed", async () => {
    const text = await readFile(README, 'utf8');
    const seedRow = text.split('\n').find((line) => line.startsWith('| `seed`'));
    expect(seedRow).toBeDefined();
    for (const name of ENGINE_NAMES) expect(seedRow, name).toContain(engineNamed(name).bulkLoad.name);
    expect(seedRow).not.toMatch(/multi-row INSERT/);
  });

  it('states the invocations per fork the benchmarks use', async () => {
    const text = (await readFile(README, 'utf8')).replace(/\s+/g, ' ');
    const seed = DEFAULT_SIZE_ITERATIONS;
    const jobs = STREAMING_JOB_INVOCATIONS;
    const warm = `${DEFAULT_SIZE_WARMUPS.small} / ${DEFAULT_SIZE_WARMUPS.medium} / ${DEFAULT_SIZE_WARMUPS.large} warmups`;
    const stated = `${warm} + ${jobs.small} / ${jobs.medium} / ${jobs.large} measured invocations at 1k / 10k / 100k rows`;
    expect(text.split(stated).length - 1).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`${warm} + ${seed.small} / ${seed.medium} / ${seed.large} for the seed`);
    expect(text).toContain(`the seed's ${warm} + ${seed.small} / ${seed.medium} / ${seed.large}`);
  });
  it("states each benchmark's axes and mode, and each axis's defaults, as the suite defines them", async () => {
    const text = await readFile(README, 'utf8');
    expect(readmeTableProblems(text, createSuite('postgres'))).toEqual([]);
  });
});
