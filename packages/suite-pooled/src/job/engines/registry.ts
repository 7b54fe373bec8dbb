/**
 * The job's chunk writers of every engine, in one `Record`: an engine registered in
 * @dbbench/databases without an entry here fails to compile.
 */
import type { Engine, EngineName } from '@dbbench/databases';
import type { EngineChunkWriters } from './engine-chunk-writers.js';
import { MYSQL_CHUNK_WRITERS } from './mysql/mysql-chunk-writers.js';
import { POSTGRES_CHUNK_WRITERS } from './postgres/postgres-chunk-writers.js';

/** Every engine's chunk writers, by engine name. */
export const CHUNK_WRITERS: Readonly<Record<EngineName, EngineChunkWriters>> = {
  postgres: POSTGRES_CHUNK_WRITERS,
  mysql: MYSQL_CHUNK_WRITERS,
};

/** The chunk writers of the engine a pool or session carries (`pool.engine`). */
export function chunkWritersOf(engine: Engine): EngineChunkWriters {
  return CHUNK_WRITERS[engine.name];
}
