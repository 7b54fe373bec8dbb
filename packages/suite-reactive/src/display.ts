/**
 * How the reactive suite's results read in the docs: the questions it exists to answer, as pairs of
 * results the docs turn into a ratio with its interval — two of them against the pooled suite's job
 * on the same engine, with the same kind of writer, so streaming and buffering differ in one thing.
 * The docs know none of these names. Built in the parent from the engine name the suite module was
 * made for: an entry point, so it looks the engine up by name.
 */
import { driverLabels, driverNames, type EngineName } from '@dbbench/databases';
import type { AnswerDeclaration, SuiteDisplay } from '@dbbench/harness';
import { pooledJobLikeStreaming } from '@dbbench/suite-kit';
import { ENGINE_STREAMS } from './streams/engines/registry.js';

function answers(engineName: EngineName): AnswerDeclaration[] {
  const writerName = ENGINE_STREAMS[engineName].targetWriterName;
  // Every job question is asked on the engine's first driver; the driver questions compare the second.
  const [driver = '', second] = driverNames(engineName);
  // Both sides as declared, on 4 partitions (no best-of pick, whose winner would look better than
  // it is). The two suites run apart in time, so this line compares their forks unpaired.
  const pooledWhere = pooledJobLikeStreaming(engineName);
  const pooledJob = {
    suite: 'pooled',
    benchmark: 'job',
    where: pooledWhere,
    label: `the pooled job (keyset pages, ${writerName} chunks of 500)`,
  };
  const streamingJob = {
    benchmark: 'job',
    // The streaming job on the pooled job's own pool and partitions: the two differ in how they read.
    where: { poolSize: pooledWhere.poolSize, partitions: pooledWhere.partitions, driver },
    label: `the streaming job (cursor, ${writerName} chunks of 500)`,
  };
  return [
    {
      question: 'Streaming cursor or buffered keyset pages for the batch job, with the same writer?',
      baseline: pooledJob,
      candidate: streamingJob,
      per: ['dataSize'],
      context: 'to move {dataSize} rows on 4 partitions, pool of 10',
    },
    {
      question: '… and the memory each holds at its peak?',
      baseline: pooledJob,
      candidate: streamingJob,
      per: ['dataSize'],
      metric: 'memory.peakRss',
      phrasing: 'value',
    },
    {
      question: 'Chunk size of the streaming writer: 500 or 5000 rows?',
      baseline: { benchmark: 'chunks', where: { chunkSize: '500' } },
      candidate: { benchmark: 'chunks', where: { chunkSize: '5000' } },
      per: ['dataSize'],
    },
    {
      question: '8 streaming partitions on a pool of 2: how much slower than on a pool of 10?',
      baseline: { benchmark: 'job', where: { poolSize: '10', partitions: '8', driver } },
      candidate: { benchmark: 'job', where: { poolSize: '2', partitions: '8', driver } },
      per: ['dataSize'],
      // Each running partition holds its reader connection: a pool of 2 runs one partition at a time.
      context: 'to move {dataSize} rows (one partition at a time on 2 connections)',
    },
    {
      question:
        'Does a pool larger than the partitions help the streams: 60 or 10 connections for 4 partitions?',
      baseline: { benchmark: 'job', where: { poolSize: '10', partitions: '4', driver } },
      candidate: { benchmark: 'job', where: { poolSize: '60', partitions: '4', driver } },
      per: ['dataSize'],
    },
    {
      question: 'How many partitions for the streaming job: 1 or 4?',
      baseline: { benchmark: 'job', where: { poolSize: '10', partitions: '1', driver } },
      candidate: { benchmark: 'job', where: { poolSize: '10', partitions: '4', driver } },
      per: ['dataSize'],
      context: 'on a pool of 10',
    },
    ...(second === undefined ? [] : driverAnswers(engineName, driver, second)),
  ];
}

/**
 * Which Node driver streams the job: the engine's second against its first, the whole job (cursors,
 * chunk writes, checkpoints) through each, on 4 partitions and a pool of 10; and the memory each
 * holds, which backpressure should keep alike.
 */
function driverAnswers(engineName: EngineName, first: string, second: string): AnswerDeclaration[] {
  const labels = driverLabels(engineName);
  const at = { poolSize: '10', partitions: '4' };
  const baseline = { benchmark: 'job', where: { ...at, driver: first } };
  const candidate = { benchmark: 'job', where: { ...at, driver: second } };
  return [
    {
      question: `Which driver streams the job: ${labels[first] ?? first} or ${labels[second] ?? second}?`,
      baseline,
      candidate,
      per: ['dataSize'],
      context: 'to move {dataSize} rows on 4 partitions, pool of 10',
    },
    {
      question: '… and the memory each driver’s job holds at its peak?',
      baseline,
      candidate,
      per: ['dataSize'],
      metric: 'memory.peakRss',
      phrasing: 'value',
    },
  ];
}

/** The reactive suite's display declarations on `engine`. */
export function reactiveDisplay(engine: EngineName): SuiteDisplay {
  return { axisValueLabels: { driver: driverLabels(engine) }, answers: answers(engine) };
}
