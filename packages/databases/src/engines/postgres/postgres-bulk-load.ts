import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EngineBulkLoad } from '../engine.js';
import { postgresDriver } from './postgres-driver.js';
import { PostgresJsSession } from './postgres-second-session.js';
import { postgresClientOf } from './postgres-session.js';

/** The statement both drivers send. */
function copySql(table: string, columns: readonly string[]): string {
  return `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
}

/**
 * PostgreSQL's bulk path: `COPY <table> (<columns>) FROM STDIN` in text format on one checked-out
 * connection, fed by a stream of tab-separated text whose backpressure the socket sets — through
 * pg-copy-streams on a node-postgres session, through postgres.js's own `writable()` on a
 * postgres.js session.
 */
export const POSTGRES_BULK_LOAD: EngineBulkLoad = {
  name: 'COPY',
  async load(session, table, columns, text) {
    if (session instanceof PostgresJsSession) return loadThroughPostgresJs(session, table, columns, text);
    const client = postgresClientOf(session);
    const copy = client.query(postgresDriver().copyStreams.from(copySql(table, columns)));
    // highWaterMark 1: at most one encoded buffer waits in front of the COPY stream.
    await pipeline(Readable.from(text, { highWaterMark: 1 }), copy);
    return copy.rowCount;
  },
};

/**
 * COPY through postgres.js: its `writable()` resolves once the server is ready for the data, and
 * the stream finishes only when the server has confirmed the COPY. postgres.js does not hand over
 * the row count the server reports, so the rows are counted as they are sent (text format: one per
 * newline); COPY is all or nothing, so a row the server refuses fails the whole pipeline instead.
 */
async function loadThroughPostgresJs(
  session: PostgresJsSession,
  table: string,
  columns: readonly string[],
  text: Iterable<Buffer> | AsyncIterable<Buffer>,
): Promise<number> {
  const statement = copySql(table, columns);
  const copy = await session.copyFrom(statement);
  let rows = 0;
  const countRows = new Transform({
    highWaterMark: 1,
    transform(chunk: Buffer, _encoding, callback) {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) rows += 1;
      callback(null, chunk);
    },
  });
  await pipeline(Readable.from(text, { highWaterMark: 1 }), countRows, copy);
  return rows;
}
