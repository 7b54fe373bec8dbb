import { BulkLoadDisabledError, InvalidValueError } from '../errors.js';
import {
  readSourceChecksum,
  sourceChecksumDifferences,
  sourceChecksumOf,
  verifySource,
} from '../source-data/source-checksum.js';
import { SOURCE_COLUMNS } from '../source-data/source-columns.js';
import { generateSourceRows, type SourceRow } from '../source-data/source-rows.js';
import { tabSeparatedText } from '../source-data/tab-separated-text.js';
import type { MeteredPool } from '../types.js';

/** Rows per fallback INSERT: ~50 bytes a row keeps each statement far below any max_allowed_packet. */
const INSERT_ROWS_PER_STATEMENT = 2000;

/**
 * Fills `source` with `count` generated rows (ids 1..count) on the fast, untimed setup path: empty
 * it, bulk-load it (the engine's COPY / LOAD DATA LOCAL), then ANALYZE, so the first measured query
 * does not plan against stale statistics. A server that refuses its bulk path (MySQL 8 ships with
 * local_infile off) is seeded with large multi-row INSERTs instead. 100k rows take well under a
 * second here. Re-seeding is also how a benchmark that destroyed `source` restores it: the rows are
 * deterministic.
 *
 * @returns which path loaded the rows
 */
export async function seedSource(pool: MeteredPool, count: number): Promise<'bulk' | 'insert'> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new InvalidValueError(`dataSize must be a non-negative integer, got ${count}.`);
  }
  const { engine } = pool;
  await engine.sql.truncate(pool.db, ['source']);
  let path: 'bulk' | 'insert' = 'bulk';
  try {
    await pool.withConnection((session) =>
      engine.bulkLoad.load(
        session,
        'source',
        SOURCE_COLUMNS,
        tabSeparatedText(generateSourceRows(count), SOURCE_COLUMNS),
      ),
    );
  } catch (error) {
    if (!(error instanceof BulkLoadDisabledError)) throw error;
    path = 'insert';
    await insertSourceRows(pool, generateSourceRows(count));
  }
  await engine.sql.analyze(pool.db, 'source');
  return path;
}

/** How {@link prepareSource} came to hold its rows: kept from an earlier fork, or seeded now by either path. */
export type SourcePreparation = 'kept' | 'bulk' | 'insert';

/**
 * Makes `source` hold exactly `count` generated rows, seeding only when it does not already: a fork
 * finds the table an earlier fork of the same run seeded (the job never writes `source`) and keeps it
 * when its checksum matches the one computed here from the generator, never from anything the server
 * or an earlier fork recorded; any other content (another size, a benchmark that rewrote it, a fork
 * killed mid-load) is seeded afresh and then verified the same way. At 100 000 rows a fork saves the
 * load and the checkpoint of its pages (0.6–0.8 s here) for one aggregate scan on the server and,
 * overlapping it, the generator's checksum here (0.1–0.3 s). The table must exist (`createSchema` with `keepSource`).
 */
export async function prepareSource(pool: MeteredPool, count: number): Promise<SourcePreparation> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new InvalidValueError(`dataSize must be a non-negative integer, got ${count}.`);
  }
  // The server scans while this process generates: the query is sent before the CPU-bound generator
  // blocks the event loop, so the two overlap on the two cores.
  const stored = readSourceChecksum(pool);
  stored.catch(() => undefined);
  const expected = sourceChecksumOf(generateSourceRows(count));
  if (sourceChecksumDifferences(expected, await stored).length === 0) return 'kept';
  const path = await seedSource(pool, count);
  await verifySource(pool, expected);
  return path;
}

/** Loads rows into `source` with multi-row INSERTs through Kysely: the path for servers that refuse their bulk path. */
export async function insertSourceRows(pool: MeteredPool, rows: Iterable<SourceRow>): Promise<void> {
  let batch: SourceRow[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === INSERT_ROWS_PER_STATEMENT) {
      await pool.db.insertInto('source').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length > 0) await pool.db.insertInto('source').values(batch).execute();
}
