import {
  assertPageBounds,
  checkpointUpdateSql,
  decodeField,
  forEachSourceLine,
  postgresClientOf,
  sourceTextOf,
  TARGET_COLUMNS,
  type Session,
  type SourceRowInput,
  type TargetRow,
  type TargetText,
  postgresDriver,
} from '@dbbench/databases';
import type { ChunkCheckpoint, EngineChunkWriters } from '../engine-chunk-writers.js';

/**
 * The keyset page as `COPY (SELECT …) TO STDOUT` text, split by hand: node-pg's row decoding (a
 * DataRow message, a string and an object property per field) was the largest client cost of the
 * job. Measured here on 100k rows in 5000-row pages, interleaved rounds: median 273 ms with COPY TO
 * vs 396 ms with a SELECT in one noisy run. COPY takes no bind parameters, so the three integers are
 * checked and inlined.
 */
function readPageSql(afterId: number, endId: number, limit: number): string {
  assertPageBounds(afterId, endId, limit);
  return (
    'COPY (SELECT id, name, amount, category FROM source ' +
    `WHERE id > ${afterId} AND id <= ${endId} ORDER BY id LIMIT ${limit}) TO STDOUT`
  );
}

/** The keyset page as COPY text, decoded once, whole (a multi-byte character may straddle two buffers). */
async function readPageText(
  session: Session,
  afterId: number,
  endId: number,
  limit: number,
): Promise<string> {
  const client = postgresClientOf(session);
  const copy = client.query(postgresDriver().copyStreams.to(readPageSql(afterId, endId, limit)));
  const buffers: Buffer[] = [];
  for await (const buffer of copy) buffers.push(buffer as Buffer);
  return Buffer.concat(buffers).toString('utf8');
}

/** Splits COPY text of `id, name, amount, category` lines into rows (none of the columns is nullable). */
function parseSourceLines(text: string): SourceRowInput[] {
  const rows: SourceRowInput[] = [];
  forEachSourceLine(text, (start, nameAt, amountAt, categoryAt, end) => {
    rows.push({
      id: text.slice(start, nameAt - 1),
      name: decodeField(text.slice(nameAt, amountAt - 1)),
      amount: text.slice(amountAt, categoryAt - 1),
      category: decodeField(text.slice(categoryAt, end)),
    });
  });
  return rows;
}

/**
 * A named (server-prepared) statement: node-pg parses and plans it once per connection and then sends
 * only Bind/Execute. For a SELECT page read it made no measurable difference here (294 vs 297 ms per
 * 100k rows; `rowMode: 'array'` did not help either): 20 statements per 100k rows do not spend their
 * time parsing. It stays named for the unnest writer because it costs nothing.
 */
/**
 * The chunk as six column arrays and the checkpoint, in one statement: the INSERT sits in a
 * data-modifying CTE, which PostgreSQL runs to completion in the same statement (and so the same
 * implicit transaction) as the checkpoint UPDATE. 10 bind parameters whatever the chunk size, instead
 * of 6 per row.
 */
const WRITE_ATOMIC = {
  name: 'dbbench_job_write_atomic',
  text:
    `WITH ins AS (INSERT INTO target (${TARGET_COLUMNS.join(', ')}) ` +
    'SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::smallint[])) ' +
    'UPDATE partition_execution SET checkpoint_id = $7, rows_written = rows_written + $8 ' +
    'WHERE job_id = $9 AND partition_no = $10',
} as const;

/** The rows as one array per target column, in {@link TARGET_COLUMNS} order. */
function columnArrays(rows: readonly TargetRow[]): unknown[][] {
  const sourceIds: number[] = [];
  const names: string[] = [];
  const amounts: number[] = [];
  const taxes: number[] = [];
  const categories: string[] = [];
  const large: number[] = [];
  for (const row of rows) {
    sourceIds.push(row.source_id);
    names.push(row.name_upper);
    amounts.push(row.amount_cents);
    taxes.push(row.tax_cents);
    categories.push(row.category_code);
    large.push(row.is_large);
  }
  return [sourceIds, names, amounts, taxes, categories, large];
}

/** PostgreSQL's job I/O: keyset pages through COPY TO, the unnest one-statement writer, and COPY per chunk. */
export const POSTGRES_CHUNK_WRITERS: EngineChunkWriters = {
  atomicName: 'one-statement chunk + checkpoint (unnest)',

  /**
   * Waiting for the WAL flush at each of a job's 20 commits per 100k rows was the largest wait of the
   * job's backends (pg_stat_activity sampled every 2 ms: WALSync, WALWrite and WALBufMapping ~20% of
   * active samples). Measured on a local server, 100k rows in chunks of 5000, ten interleaved rounds:
   * 4 partitions median 302 ms with it off, 403 ms with it on (2 partitions 351 vs 367 ms).
   */
  async withPartitionSession(session, work) {
    const client = postgresClientOf(session);
    await client.query('SET synchronous_commit TO OFF');
    const result = await work();
    await client.query('RESET synchronous_commit');
    return result;
  },

  async readSourcePage(session, afterId, endId, limit) {
    return parseSourceLines(await readPageText(session, afterId, endId, limit));
  },

  async readSourceText(session, afterId, endId, limit) {
    return sourceTextOf(await readPageText(session, afterId, endId, limit));
  },

  async writeAtomic(session, rows, checkpoint) {
    const client = postgresClientOf(session);
    await client.query({
      ...WRITE_ATOMIC,
      values: [
        ...columnArrays(rows),
        checkpoint.lastId,
        rows.length,
        checkpoint.jobId,
        checkpoint.partitionNo,
      ],
    });
  },

  async writeBulk(session: Session, rows: TargetText, checkpoint: ChunkCheckpoint) {
    const client = postgresClientOf(session);
    // BEGIN and the checkpoint go first in one simple-query round trip; the COPY then joins the same
    // transaction and COMMIT closes it: the checkpoint is only visible together with the rows.
    await client.query(
      `BEGIN; ${checkpointUpdateSql(checkpoint.jobId, checkpoint.partitionNo, checkpoint.lastId, rows.rowCount)}`,
    );
    try {
      // The chunk's text is whole in memory already: one Buffer, one COPY data message.
      await session.engine.bulkLoad.load(session, 'target', TARGET_COLUMNS, [Buffer.from(rows.text, 'utf8')]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  },
};
