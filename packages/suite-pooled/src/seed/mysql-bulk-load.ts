/**
 * MySQL's bulk path: LOAD DATA LOCAL INFILE, with the "file" supplied by mysql2's
 * `infileStreamFactory` as a stream of tab-separated rows, so nothing touches the disk.
 */
import { Readable } from 'node:stream';
import type { PoolConnection, ResultSetHeader } from 'mysql2/promise';
import type { SourceRow } from '@dbbench/databases';
import { DbbenchError } from '@dbbench/harness';
import { escapeTabField, tabSeparatedBuffers } from './tab-separated-rows.js';

const LOAD_DATA_SQL =
  "LOAD DATA LOCAL INFILE 'dbbench-source.tsv' INTO TABLE source CHARACTER SET utf8mb4 " +
  "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' " +
  '(id, name, amount, category, created_at)';

/**
 * One source row as a LOAD DATA line. DATETIME takes `YYYY-MM-DD hh:mm:ss`; generated timestamps are
 * whole seconds in UTC, as mysql2 sends them for the other strategies.
 */
export function mysqlLoadDataLine(row: SourceRow): string {
  return [
    String(row.id),
    escapeTabField(row.name),
    row.amount,
    escapeTabField(row.category),
    row.created_at.toISOString().slice(0, 19).replace('T', ' '),
  ].join('\t');
}

/** Streams rows into `source` with LOAD DATA LOCAL INFILE and returns the rows the server reports loaded. */
export async function mysqlBulkLoad(connection: PoolConnection, rows: Iterable<SourceRow>): Promise<number> {
  try {
    const [result] = await connection.query<ResultSetHeader>({
      sql: LOAD_DATA_SQL,
      infileStreamFactory: () => Readable.from(tabSeparatedBuffers(rows, mysqlLoadDataLine)),
    });
    return result.affectedRows;
  } catch (error) {
    if (isLocalInfileDisabled(error)) {
      throw new DbbenchError(
        'The MySQL server refuses LOAD DATA LOCAL INFILE (local_infile is OFF). Enable it with ' +
          '`SET GLOBAL local_infile = 1` or start the server with --local-infile=1, or run without ' +
          '`-p strategy=bulk`.',
        { cause: error },
      );
    }
    throw error;
  }
}

function isLocalInfileDisabled(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ER_NOT_ALLOWED_COMMAND' || code === 'ER_LOAD_INFILE_CAPABILITY_DISABLED';
}
