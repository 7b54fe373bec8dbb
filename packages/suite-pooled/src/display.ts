/**
 * How the pooled suite's results read in the docs: the display names of its axis values (the bulk
 * path named as the engine names it) and the questions the suite exists to answer, each a pair of
 * results the docs turn into a ratio with its interval. The docs know none of these names.
 */
import { engineNamed, type EngineName } from '@dbbench/databases';
import type { AnswerDeclaration, SuiteDisplay } from '@dbbench/harness';
import { MULTI_ROW_BATCH_SIZE } from './seed/seed-strategies.js';

/** The job configuration questions about partitions and pool size are asked at. */
const JOB_AT = { chunkSize: '500' } as const;

function answers(bulkName: string): AnswerDeclaration[] {
  return [
    {
      question: `${bulkName} or multi-row INSERT to load a table?`,
      baseline: { benchmark: 'seed', where: { strategy: 'multiRow', poolSize: '10' } },
      candidate: { benchmark: 'seed', where: { strategy: 'bulk', poolSize: '10' } },
      per: ['dataSize'],
      context: 'to load {dataSize} rows',
    },
    {
      question: 'Multi-row INSERT or one INSERT per row?',
      baseline: { benchmark: 'seed', where: { strategy: 'rowByRow', poolSize: '10' } },
      candidate: { benchmark: 'seed', where: { strategy: 'multiRow', poolSize: '10' } },
      per: ['dataSize'],
      context: 'to load {dataSize} rows',
    },
    {
      question: 'How many partitions for the batch job: 1 or 4?',
      baseline: { benchmark: 'job', where: { ...JOB_AT, poolSize: '10', partitions: '1' } },
      candidate: { benchmark: 'job', where: { ...JOB_AT, poolSize: '10', partitions: '4' } },
      per: ['dataSize'],
      context: 'on a pool of 10',
    },
    {
      question: 'And 4 or 8 partitions?',
      baseline: { benchmark: 'job', where: { ...JOB_AT, poolSize: '10', partitions: '4' } },
      candidate: { benchmark: 'job', where: { ...JOB_AT, poolSize: '10', partitions: '8' } },
      per: ['dataSize'],
      context: 'on a pool of 10',
    },
    {
      question: 'Does a bigger pool help the job: 10 or 60 connections?',
      baseline: { benchmark: 'job', where: { ...JOB_AT, poolSize: '10', partitions: '8' } },
      candidate: { benchmark: 'job', where: { ...JOB_AT, poolSize: '60', partitions: '8' } },
      per: ['dataSize'],
      context: 'with 8 partitions',
    },
    {
      question: 'How close does the best job configuration come to the server-side limit (INSERT … SELECT)?',
      baseline: { benchmark: 'limit', label: 'INSERT … SELECT on the server' },
      candidate: { benchmark: 'job', label: 'the job', best: true },
      per: ['dataSize'],
      phrasing: 'share',
    },
    {
      question: 'What does a 10 ms acquire timeout do to the p99 latency of 1000 callers on 10 connections?',
      baseline: {
        benchmark: 'contention',
        where: { acquireTimeout: 'none', poolSize: '10', concurrency: '1000' },
      },
      candidate: {
        benchmark: 'contention',
        where: { acquireTimeout: '10ms', poolSize: '10', concurrency: '1000' },
      },
      metric: 'latency.p99',
      phrasing: 'value',
    },
    {
      question: '… and to the share of requests that succeed?',
      baseline: {
        benchmark: 'contention',
        where: { acquireTimeout: 'none', poolSize: '10', concurrency: '1000' },
      },
      candidate: {
        benchmark: 'contention',
        where: { acquireTimeout: '10ms', poolSize: '10', concurrency: '1000' },
      },
      metric: 'successRate',
      phrasing: 'value',
    },
  ];
}

/** The pooled suite's display declarations on `engine`. */
export function pooledDisplay(engine: EngineName): SuiteDisplay {
  const bulkName = engineNamed(engine).bulkLoad.name;
  return {
    axisValueLabels: {
      strategy: {
        bulk: bulkName,
        multiRow: `multi-row INSERT (${MULTI_ROW_BATCH_SIZE} rows)`,
        rowByRow: 'row-by-row INSERT',
      },
      acquireTimeout: {
        none: 'no acquire timeout',
        '10ms': '10 ms acquire timeout',
        '50ms': '50 ms acquire timeout',
      },
    },
    answers: answers(bulkName),
  };
}
