/**
 * The streaming job's I/O of every engine, in one `Record`: an engine registered in
 * @dbbench/databases without an entry here fails to compile.
 */
import type { Engine, EngineName } from '@dbbench/databases';
import type { EngineStreams } from './engine-streams.js';
import { MYSQL_STREAMS } from './mysql/index.js';
import { POSTGRES_STREAMS } from './postgres/index.js';

/** Every engine's streams, by engine name. */
export const ENGINE_STREAMS: Readonly<Record<EngineName, EngineStreams>> = {
  postgres: POSTGRES_STREAMS,
  mysql: MYSQL_STREAMS,
};

/** The streams of the engine a pool or session carries (`pool.engine`). */
export function streamsOf(engine: Engine): EngineStreams {
  return ENGINE_STREAMS[engine.name];
}
