/** PostgreSQL's streams: pg-cursor or postgres.js `cursor()` batches in, COPY per chunk out. */
import type { EngineStreams } from '../engine-streams.js';
import { openPostgresRangeReader } from './postgres-range-reader.js';
import { openPostgresJsRangeReader } from './postgres-second-range-reader.js';
import { writePostgresTargetChunk } from './postgres-target-writer.js';

/** The streaming job's I/O on PostgreSQL. */
export const POSTGRES_STREAMS: EngineStreams = {
  rangeReaders: { pg: openPostgresRangeReader, postgresjs: openPostgresJsRangeReader },
  targetWriterName: 'COPY',
  writeTargetChunk: writePostgresTargetChunk,
};
