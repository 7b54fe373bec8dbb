/**
 * The one fact two suites share: which results of the pooled suite's job the reactive suite compares
 * its streaming job with ("Streaming cursor or buffered keyset pages for the batch job, with the same
 * writer?"). The reactive suite declares that question; the pooled suite's run must give those results
 * the forks an unpaired comparison needs (`SuiteDisplay.sidesOfOtherAnswers`), though it cannot see
 * the other suite's question. Both read it from here, so the two cannot name different results.
 */
import type { EngineName } from '@dbbench/databases';

/**
 * The pooled job's writer that writes its chunks the way the streaming job's chunk writer does on each
 * engine: COPY per chunk on PostgreSQL, a multi-row INSERT per chunk on MySQL (Kysely's transaction).
 * Naming one writer per engine instead of every writer spares the pooled run 6 combinations of 3
 * forks that no question reads. The reactive suite's tests check it against its streams.
 */
export const STREAMING_LIKE_POOLED_WRITER: Readonly<Record<EngineName, 'copy' | 'kysely'>> = {
  postgres: 'copy',
  mysql: 'kysely',
};

/**
 * Where the compared pooled job runs: its like-for-like writer in chunks of 500 on 4 partitions and a
 * pool of 10 (the streaming job's own partitions and pool), at every data size.
 */
export function pooledJobLikeStreaming(engine: EngineName) {
  return {
    writer: STREAMING_LIKE_POOLED_WRITER[engine],
    chunkSize: '500',
    partitions: '4',
    poolSize: '10',
  } as const;
}
