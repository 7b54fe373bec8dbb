/**
 * The streaming job's I/O of every engine, in one `Record`: an engine registered in
 * @dbbench/databases without an entry here fails to compile.
 */
import type { Engine, EngineName, MeteredPool } from '@dbbench/databases';
import type { EngineStreams, OpenRangeReader } from './engine-streams.js';
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

/**
 * The range reader for the driver a pool speaks through (`pool.driver.name`); an Error naming the
 * drivers that have one when it has none (a driver added to @dbbench/databases but not here).
 */
export function rangeReaderOf(pool: MeteredPool): OpenRangeReader {
  const { rangeReaders } = streamsOf(pool.engine);
  const reader = rangeReaders[pool.driver.name];
  if (reader === undefined) {
    throw new Error(
      `the streaming job has no range reader for driver=${pool.driver.name} on ${pool.engine.label}; it has ${Object.keys(rangeReaders).join(', ')}`,
    );
  }
  return reader;
}
