import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EngineBulkLoad } from '../engine.js';
import { postgresDriver } from './postgres-driver.js';
import { postgresClientOf } from './postgres-session.js';

/**
 * PostgreSQL's bulk path: `COPY <table> (<columns>) FROM STDIN` in text format on one checked-out
 * client (pg-copy-streams), fed by a stream of tab-separated text whose backpressure the socket sets.
 */
export const POSTGRES_BULK_LOAD: EngineBulkLoad = {
  name: 'COPY',
  async load(session, table, columns, text) {
    const client = postgresClientOf(session);
    const copy = client.query(
      postgresDriver().copyStreams.from(`COPY ${table} (${columns.join(', ')}) FROM STDIN`),
    );
    // highWaterMark 1: at most one encoded buffer waits in front of the COPY stream.
    await pipeline(Readable.from(text, { highWaterMark: 1 }), copy);
    return copy.rowCount;
  },
};
