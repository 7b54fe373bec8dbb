/** MySQL's streams: mysql2's or the MariaDB connector's row stream in, a multi-row INSERT per chunk out. */
import type { EngineStreams } from '../engine-streams.js';
import { openMysqlRangeReader } from './mysql-range-reader.js';
import { openMariadbRangeReader } from './mysql-second-range-reader.js';
import { writeMysqlTargetChunk } from './mysql-target-writer.js';

/** The streaming job's I/O on MySQL and MariaDB. */
export const MYSQL_STREAMS: EngineStreams = {
  rangeReaders: { mysql2: openMysqlRangeReader, mariadb: openMariadbRangeReader },
  targetWriterName: 'multi-row INSERT',
  writeTargetChunk: writeMysqlTargetChunk,
};
