/** PostgreSQL's streams: pg-cursor batches in, COPY per chunk out. */
import type { EngineStreams } from '../engine-streams.js';
import { openPostgresRangeReader } from './postgres-range-reader.js';
import { writePostgresTargetChunk } from './postgres-target-writer.js';

/** The streaming job's I/O on PostgreSQL. */
export const POSTGRES_STREAMS: EngineStreams = {
  openRangeReader: openPostgresRangeReader,
  targetWriterName: 'COPY',
  writeTargetChunk: writePostgresTargetChunk,
};
