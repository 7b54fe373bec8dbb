import { tabSeparatedText } from '../../source-data/tab-separated-text.js';
import type { Session } from '../../types.js';
import { checkpointUpdateSql } from '../../workload/job-repository.js';
import { TARGET_COLUMNS, type SourceRowInput, type TargetRow } from '../../workload/transform-row.js';
import type { ChunkCheckpoint, EngineChunkWriters } from '../engine.js';
import { POSTGRES_BULK_LOAD } from './postgres-bulk-load.js';
import { postgresClientOf } from './postgres-session.js';

/**
 * Named (server-prepared) statements: node-pg parses and plans them once per connection and then
 * sends only Bind/Execute. Measured here for the page read (100k rows in 5000-row pages, interleaved
 * rounds): 294 ms named vs 297 ms unnamed, no difference — with 20 statements per 100k rows, parsing is
 * not where the time goes (decoding rows is; `rowMode: 'array'` did not help either). They stay named
 * because it costs nothing. Reading the page with `COPY (SELECT …) TO STDOUT` and splitting the text by
 * hand was faster (median 273 vs 396 ms in one noisy run): a candidate for the next step.
 */
const READ_PAGE = {
  name: 'dbbench_job_read_page',
  text: 'SELECT id, name, amount, category FROM source WHERE id > $1 AND id <= $2 ORDER BY id LIMIT $3',
} as const;

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

/** PostgreSQL's job I/O: prepared keyset reads, the unnest one-statement writer, and COPY per chunk. */
export const POSTGRES_CHUNK_WRITERS: EngineChunkWriters = {
  atomicName: 'one-statement chunk + checkpoint (unnest)',

  async readSourcePage(session, afterId, endId, limit) {
    const client = postgresClientOf(session);
    const result = await client.query<SourceRowInput>({ ...READ_PAGE, values: [afterId, endId, limit] });
    return result.rows;
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

  async writeBulk(session: Session, rows: readonly TargetRow[], checkpoint: ChunkCheckpoint) {
    const client = postgresClientOf(session);
    // BEGIN and the checkpoint go first in one simple-query round trip; the COPY then joins the same
    // transaction and COMMIT closes it: the checkpoint is only visible together with the rows.
    await client.query(
      `BEGIN; ${checkpointUpdateSql(checkpoint.jobId, checkpoint.partitionNo, checkpoint.lastId, rows.length)}`,
    );
    try {
      await POSTGRES_BULK_LOAD.load(
        session,
        'target',
        TARGET_COLUMNS,
        tabSeparatedText(rows, TARGET_COLUMNS),
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  },
};
