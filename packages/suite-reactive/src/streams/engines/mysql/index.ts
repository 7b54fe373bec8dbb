/** MySQL's streams: mysql2's row stream in, a multi-row INSERT per chunk out. */
import type { EngineStreams } from '../engine-streams.js';
import { openMysqlRangeReader } from './mysql-range-reader.js';
import { writeMysqlTargetChunk } from './mysql-target-writer.js';

/** The streaming job's I/O on MySQL and MariaDB. */
export const MYSQL_STREAMS: EngineStreams = {
  openRangeReader: openMysqlRangeReader,
  targetWriterName: 'multi-row INSERT',
  writeTargetChunk: writeMysqlTargetChunk,
};
