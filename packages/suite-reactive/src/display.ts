/**
 * How the reactive suite's results read in the docs: the questions it exists to answer, as pairs of
 * results the docs turn into a ratio with its interval (one of them against the pooled suite's job
 * on the same engine). The docs know none of these names.
 */
import type { AnswerDeclaration, SuiteDisplay } from '@dbbench/harness';

const ANSWERS: readonly AnswerDeclaration[] = [
  {
    question: 'Streaming cursor or buffered keyset pages for the batch job?',
    baseline: { suite: 'pooled', benchmark: 'job', label: 'the pooled job (keyset pages)', best: true },
    candidate: { benchmark: 'job', label: 'the streaming job', best: true },
    per: ['dataSize'],
  },
  {
    question: 'Chunk size of the streaming writer: 500 or 5000 rows?',
    baseline: { benchmark: 'chunks', where: { chunkSize: '500' } },
    candidate: { benchmark: 'chunks', where: { chunkSize: '5000' } },
    per: ['dataSize'],
  },
  {
    question: 'How many partitions for the streaming job: 1 or 4?',
    baseline: { benchmark: 'job', where: { poolSize: '10', partitions: '1' } },
    candidate: { benchmark: 'job', where: { poolSize: '10', partitions: '4' } },
    per: ['dataSize'],
    context: 'on a pool of 10',
  },
];

/** The reactive suite's display declarations. */
export const REACTIVE_DISPLAY: SuiteDisplay = { answers: ANSWERS };
