import {
  assertPageBounds,
  checkpointUpdateSql,
  mysqlConnectionOf,
  occurrences,
  TARGET_COLUMNS,
  type Session,
  type SourceRowInput,
  type SourceText,
  type TargetRow,
  mysqlDriver,
} from '@dbbench/databases';
import type { RowDataPacket } from 'mysql2/promise';
import type { EngineChunkWriters } from '../engine-chunk-writers.js';

/**
 * The keyset page. Sent with `query` (values escaped into the text client-side), not `execute`: a
 * server-prepared statement returns rows in the binary protocol, which mysql2 decoded slower here for
 * these four columns (100k rows in 5000-row pages, interleaved rounds on MariaDB 10.11: median 246 ms
 * with `query`, 299 ms with `execute`); three integers are cheap to inline.
 */
const READ_PAGE =
  'SELECT id, name, amount, category FROM source WHERE id > ? AND id <= ? ORDER BY id LIMIT ?';

/** A text column escaped for the tab-separated text encoding, by the server. */
function escapedText(column: string): string {
  return `REPLACE(REPLACE(REPLACE(REPLACE(${column}, '\\\\', '\\\\\\\\'), '\\t', '\\\\t'), '\\n', '\\\\n'), '\\r', '\\\\r')`;
}

/**
 * The keyset page as one text value: the server joins the page's lines (GROUP_CONCAT), so mysql2
 * decodes one field per page instead of four per row (100k rows in 5000-row pages on MariaDB 10.11,
 * five interleaved rounds: ~25 ms of client CPU instead of ~145 ms, for ~125 ms of server CPU
 * instead of ~70 ms). The lines are joined in whatever order the server reads the page (an ORDER
 * BY inside GROUP_CONCAT costs a sort), so the last key comes from MAX(id), and COUNT(*) says how many lines to expect. The limit is raised for the statement in the
 * same round trip (multipleStatements): 64 MiB holds any page the job reads. With `escaped`, the two
 * text columns go through four REPLACEs each, which cost the server about as much as the join itself
 * (~80 ms per 100k rows here), so the plain text is read first (see {@link plainPageText}).
 */
function readPageTextSql(afterId: number, endId: number, limit: number, escaped: boolean): string {
  assertPageBounds(afterId, endId, limit);
  const text = (column: string): string => (escaped ? escapedText(column) : column);
  return (
    'SET SESSION group_concat_max_len = 67108864; ' +
    `SELECT COUNT(*) AS row_count, MAX(id) AS last_id, GROUP_CONCAT(id, '\\t', ${text('name')}, ` +
    `'\\t', amount, '\\t', ${text('category')}, '\\n' SEPARATOR '') AS text ` +
    `FROM (SELECT id, name, amount, category FROM source WHERE id > ${afterId} AND id <= ${endId} ` +
    `ORDER BY id LIMIT ${limit}) page`
  );
}

/** One page as {@link readPageTextSql} returns it. */
interface PageTextRow extends RowDataPacket {
  row_count: number | string;
  last_id: number | string | null;
  text: string | null;
}

/** Source columns per line, so separators per line. */
const TABS_PER_LINE = 3;

/**
 * Whether a page read without escaping is already valid escaped text: it holds no backslash and no
 * carriage return (which the encoding would escape), exactly one line per row (no name or category
 * holds a newline) and three tabs per line (none holds a tab). Any other page, and a page cut short
 * at group_concat_max_len, is read again escaped.
 */
function plainPageText(text: string, rowCount: number): boolean {
  return (
    !text.includes('\\') &&
    !text.includes('\r') &&
    occurrences(text, '\n') === rowCount &&
    occurrences(text, '\t') === TABS_PER_LINE * rowCount
  );
}

/** One page of text from {@link readPageTextSql}. */
async function queryPageText(
  session: Session,
  afterId: number,
  endId: number,
  limit: number,
  escaped: boolean,
): Promise<SourceText> {
  const { connection } = mysqlConnectionOf(session);
  const [results] = await connection.query<PageTextRow[][]>(readPageTextSql(afterId, endId, limit, escaped));
  const page = results[1]?.[0];
  if (page === undefined) throw new Error('the page query returned no row');
  return {
    text: page.text ?? '',
    rowCount: Number(page.row_count),
    lastId: page.last_id === null ? undefined : Number(page.last_id),
  };
}

const INSERT_PREFIX = `INSERT INTO target (${TARGET_COLUMNS.join(', ')}) VALUES `;

/**
 * The chunk as one multi-row INSERT text. Numbers are integers (written as digits); the two strings go
 * through mysql2's escaping. Written by hand rather than `format('… VALUES ?', [rows])`, which walks
 * every value through a generic type switch.
 */
function insertSql(rows: readonly TargetRow[]): string {
  const { escape } = mysqlDriver().mysql;
  const values: string[] = [];
  for (const row of rows) {
    values.push(
      `(${row.source_id},${escape(row.name_upper)},${row.amount_cents},${row.tax_cents},` +
        `${escape(row.category_code)},${row.is_large})`,
    );
  }
  return INSERT_PREFIX + values.join(',');
}

/**
 * MySQL's job I/O: lean keyset reads, the chunk and its checkpoint as one multi-statement round trip,
 * and LOAD DATA LOCAL per chunk. Multi-statement text needs the pool's `multipleStatements` (see
 * `mysql-pool.ts` in @dbbench/databases). When a statement of a multi-statement text fails the
 * server skips the rest, so the transaction opened by its BEGIN stays open: the writers roll it back,
 * and the pool destroys a session whose work threw, which rolls back whatever is left.
 */
export const MYSQL_CHUNK_WRITERS: EngineChunkWriters = {
  atomicName: 'one-round-trip chunk + checkpoint (multi-statement transaction)',

  /**
   * Nothing to set: InnoDB's flush at commit (innodb_flush_log_at_trx_commit) is a global setting, not
   * a session's, and a commit took ~0.6 ms here (median of 30 on MariaDB 10.11), 20 of them per 100k rows.
   */
  withPartitionSession(_session, work) {
    return work();
  },

  async readSourcePage(session, afterId, endId, limit) {
    const { connection } = mysqlConnectionOf(session);
    const [rows] = await connection.query<(RowDataPacket & SourceRowInput)[]>(READ_PAGE, [
      afterId,
      endId,
      limit,
    ]);
    return rows;
  },

  async readSourceText(session, afterId, endId, limit): Promise<SourceText> {
    const plain = await queryPageText(session, afterId, endId, limit, false);
    if (plainPageText(plain.text, plain.rowCount)) return plain;
    const escaped = await queryPageText(session, afterId, endId, limit, true);
    const lines = occurrences(escaped.text, '\n');
    if (lines !== escaped.rowCount) {
      throw new Error(
        `the page text holds ${lines} lines for ${escaped.rowCount} rows: group_concat_max_len cut it short`,
      );
    }
    return escaped;
  },

  async writeAtomic(session, rows, checkpoint) {
    const { connection } = mysqlConnectionOf(session);
    const checkpointSql = checkpointUpdateSql(
      checkpoint.jobId,
      checkpoint.partitionNo,
      checkpoint.lastId,
      rows.length,
    );
    try {
      await connection.query(`BEGIN; ${insertSql(rows)}; ${checkpointSql}; COMMIT`);
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  },

  async writeBulk(session, rows, checkpoint) {
    const { connection } = mysqlConnectionOf(session);
    // LOAD DATA LOCAL cannot share a multi-statement text (the server asks for the file mid-reply), so
    // BEGIN and the checkpoint go first in one round trip, the load joins the transaction, COMMIT ends it.
    await connection.query(
      `BEGIN; ${checkpointUpdateSql(checkpoint.jobId, checkpoint.partitionNo, checkpoint.lastId, rows.rowCount)}`,
    );
    try {
      await session.engine.bulkLoad.load(session, 'target', TARGET_COLUMNS, [Buffer.from(rows.text, 'utf8')]);
      await connection.query('COMMIT');
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  },
};
