import { Readable } from 'node:stream';
import type { ResultSetHeader } from 'mysql2/promise';
import { BulkLoadDisabledError } from '../../errors.js';
import type { EngineBulkLoad } from '../engine.js';
import { mysqlConnectionOf } from './mysql-session.js';

/**
 * Server error numbers that mean LOAD DATA LOCAL is switched off on the server or was not offered by
 * the client: 1148 ER_NOT_ALLOWED_COMMAND (older servers), 3948 ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8
 * ships local_infile=OFF), 4166 ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB).
 */
const LOCAL_INFILE_DISABLED = new Set([1148, 3948, 4166]);

/**
 * MySQL's bulk path: LOAD DATA LOCAL INFILE, with the "file" supplied by mysql2's
 * `infileStreamFactory` from the tab-separated text, so nothing touches the disk. The text uses
 * LOAD DATA's defaults spelled out (tab, newline, backslash escapes, `\N` for NULL), the same
 * format COPY reads.
 */
export const MYSQL_BULK_LOAD: EngineBulkLoad = {
  name: 'LOAD DATA LOCAL',
  async load(session, table, columns, text) {
    const { connection } = mysqlConnectionOf(session);
    try {
      const [result] = await connection.query<ResultSetHeader>({
        sql:
          `LOAD DATA LOCAL INFILE 'dbbench-${table}.tsv' INTO TABLE ${table} CHARACTER SET utf8mb4 ` +
          "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' " +
          `(${columns.join(', ')})`,
        // mysql2 writes each chunk to the socket as-is: they must be Buffers, not strings.
        infileStreamFactory: () => Readable.from(text),
      });
      return result.affectedRows;
    } catch (error) {
      if (!LOCAL_INFILE_DISABLED.has(Number((error as { errno?: unknown }).errno))) throw error;
      throw new BulkLoadDisabledError(
        'The MySQL server refuses LOAD DATA LOCAL INFILE (local_infile is OFF). Enable it with ' +
          '`SET GLOBAL local_infile = 1` or start the server with --local-infile=1.',
        { cause: error },
      );
    }
  },
};
