import type { MeteredPool, RawConnection, SourceRow, TargetRow } from '@dbbench/databases';
import { loadMysqlSource } from './mysql-source-loader.js';
import { openMysqlRangeReader } from './mysql-range-reader.js';
import { writeMysqlTargetChunk } from './mysql-target-writer.js';
import { loadPostgresSource } from './postgres-source-loader.js';
import { openPostgresRangeReader } from './postgres-range-reader.js';
import { writePostgresTargetChunk } from './postgres-target-writer.js';
import type { KeyBounds, RangeReader } from './range-reader.js';
import type { StreamCounters } from './stream-counters.js';
import type { RecordChunkCheckpoint } from './target-writer.js';

/** Object-mode highWaterMark of the driver streams: rows buffered before the driver is paused. */
export const ROW_STREAM_HIGH_WATER_MARK = 16;

/**
 * Opens a backpressured reader of one key range on a raw connection: pg-cursor batches of
 * `chunkSize` rows on PostgreSQL, mysql2's row stream on MySQL.
 */
export function openRangeReader(
  connection: RawConnection,
  range: KeyBounds,
  chunkSize: number,
  counters: StreamCounters,
): RangeReader {
  return connection.engine === 'postgres'
    ? openPostgresRangeReader(connection.client, range, chunkSize, counters)
    : openMysqlRangeReader(connection.connection, range, ROW_STREAM_HIGH_WATER_MARK, counters);
}

/**
 * Writes one chunk of target rows and its checkpoint in one transaction on one connection borrowed
 * from the pool for the chunk: a COPY on PostgreSQL, a multi-row INSERT on MySQL.
 */
export function writeTargetChunk(
  pool: MeteredPool,
  rows: readonly TargetRow[],
  recordCheckpoint: RecordChunkCheckpoint,
): Promise<void> {
  if (pool.engine === 'mysql') return writeMysqlTargetChunk(pool.db, rows, recordCheckpoint);
  return pool.withConnection((connection) => {
    if (connection.engine !== 'postgres') throw new Error('a PostgreSQL pool handed out a MySQL connection');
    return writePostgresTargetChunk(connection.client, rows, recordCheckpoint);
  });
}

/** Streams rows into `source`: COPY FROM STDIN on PostgreSQL, multi-row INSERTs on MySQL. */
export function loadSource(
  connection: RawConnection,
  rows: Iterable<SourceRow>,
  rowsPerChunk: number,
): Promise<void> {
  return connection.engine === 'postgres'
    ? loadPostgresSource(connection.client, rows, rowsPerChunk)
    : loadMysqlSource(connection.connection, rows, rowsPerChunk);
}
