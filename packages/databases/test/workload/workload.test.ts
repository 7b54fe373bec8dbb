import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../src/pool/index.js';
import type { MeteredPool } from '../../src/types.js';
import {
  completePartition,
  countRows,
  createSchema,
  finishJob,
  insertTargetFromSourceSql,
  insertTargetRows,
  planPartitions,
  prepareSource,
  readPartitions,
  readServerCounters,
  recordCheckpoint,
  resetSource,
  resetTarget,
  seedSource,
  startJob,
  transformRow,
  verifyCheckpoints,
  verifyTarget,
  warmCaches,
  type KeyRange,
} from '../../src/workload/index.js';
import {
  generateSourceRows,
  readSourceChecksum,
  sourceChecksumOf,
  verifySource,
} from '../../src/source-data/index.js';
import { createScratchDatabase, ENGINES, type ScratchDatabase } from '../pool/scratch-database.js';

const ROWS = 2000;

/** Each engine's checksum of the same generated data: identical semantics means identical numbers. */
const checksums = new Map<string, string>();

/** Copies source to target in JavaScript: read, transformRow, insertTargetRows. */
async function copyThroughClient(pool: MeteredPool): Promise<void> {
  const rows = await pool.db
    .selectFrom('source')
    .select(['id', 'name', 'amount', 'category'])
    .orderBy('id')
    .execute();
  await insertTargetRows(pool.db, rows.map(transformRow));
}

/** Runs one partition as a chunked job step: each chunk and its checkpoint commit together. */
async function runPartition(
  pool: MeteredPool,
  jobId: number,
  range: KeyRange,
  chunkSize: number,
  maxChunks = Infinity,
) {
  let lastId = range.start - 1;
  for (let chunk = 0; chunk < maxChunks; chunk++) {
    const rows = await pool.db
      .selectFrom('source')
      .select(['id', 'name', 'amount', 'category'])
      .where('id', '>', lastId)
      .where('id', '<=', range.end)
      .orderBy('id')
      .limit(chunkSize)
      .execute();
    if (rows.length === 0) {
      await completePartition(pool.db, jobId, range.partitionNo);
      return;
    }
    lastId = Number(rows.at(-1)?.id);
    await pool.db.transaction().execute(async (trx) => {
      await insertTargetRows(trx, rows.map(transformRow));
      await recordCheckpoint(trx, jobId, range.partitionNo, lastId, rows.length);
    });
  }
}

for (const engine of ENGINES) {
  describe(`workload on ${engine}`, () => {
    let scratch: ScratchDatabase;
    let pool: MeteredPool;
    beforeAll(async () => {
      scratch = await createScratchDatabase(engine, 'workload');
      pool = await createPool(scratch.connection, { size: 4 });
      await createSchema(pool);
    });
    afterAll(async () => {
      await pool?.close();
      await scratch?.drop();
    });
    beforeEach(async () => {
      await resetTarget(pool);
      await seedSource(pool, ROWS);
    });

    it('seeds exactly the generated rows, and seeding again replaces them', async () => {
      await seedSource(pool, ROWS);
      expect(await countRows(pool, 'source')).toBe(ROWS);
      const stored = await pool.db.selectFrom('source').selectAll().orderBy('id').limit(50).execute();
      const generated = [...generateSourceRows(50)];
      expect(
        stored.map((row) => ({ ...row, id: Number(row.id), created_at: row.created_at.toISOString() })),
      ).toEqual(generated.map((row) => ({ ...row, created_at: row.created_at.toISOString() })));
      await resetSource(pool);
      expect(await countRows(pool, 'source')).toBe(0);
    });

    it('verifies a correct target, and names expected and actual when a row is missing or wrong', async () => {
      await copyThroughClient(pool);
      expect(await countRows(pool, 'target')).toBe(ROWS);
      const good = await verifyTarget(pool);
      expect(good.message).toContain(`${ROWS} rows`);
      expect(good).toMatchObject({ ok: true, expectedRows: ROWS, actualRows: ROWS });
      expect(good.actualChecksum).toBe(good.expectedChecksum);
      checksums.set(engine, good.actualChecksum);

      await pool.db.deleteFrom('target').where('source_id', '=', 1234).execute();
      const short = await verifyTarget(pool);
      expect(short.ok).toBe(false);
      expect(short.actualRows).toBe(ROWS - 1);
      expect(short.message).toContain(`expected ${ROWS} rows, actual ${ROWS - 1}`);
      expect(short.actualChecksum).not.toBe(short.expectedChecksum);

      await resetTarget(pool);
      await copyThroughClient(pool);
      await pool.db.updateTable('target').set({ category_code: 'XYZ' }).where('source_id', '=', 7).execute();
      const wrong = await verifyTarget(pool);
      expect(wrong.ok).toBe(false);
      expect(wrong.message).toMatch(/category_signature expected \d+, actual \d+/);
    });

    it('transforms identically in SQL (insertTargetFromSourceSql) and in JavaScript (transformRow)', async () => {
      await sql.raw(insertTargetFromSourceSql(pool.engine)).execute(pool.db);
      const stored = await pool.db.selectFrom('target').selectAll().orderBy('source_id').execute();
      const normalised = stored.map((row) => ({
        source_id: Number(row.source_id),
        name_upper: row.name_upper,
        amount_cents: Number(row.amount_cents),
        tax_cents: Number(row.tax_cents),
        category_code: row.category_code,
        is_large: Number(row.is_large),
      }));
      expect(normalised).toEqual([...generateSourceRows(ROWS)].map(transformRow));
      expect((await verifyTarget(pool)).ok).toBe(true);
    });

    it('plans partitions over MIN..MAX(id), including sparse and tiny sources', async () => {
      const ranges = await planPartitions(pool, 3);
      expect(ranges.map((range) => [range.start, range.end])).toEqual([
        [1, 667],
        [668, 1334],
        [1335, 2000],
      ]);
      await pool.db.deleteFrom('source').where('id', '<', 100).execute();
      expect((await planPartitions(pool, 3))[0]?.start).toBe(100);
      await seedSource(pool, 3);
      expect(await planPartitions(pool, 8)).toHaveLength(3);
      await resetSource(pool);
      expect(await planPartitions(pool, 8)).toEqual([]);
    });

    it('checkpoints a partitioned job and verifies it, and catches an unfinished partition', async () => {
      const ranges = await planPartitions(pool, 4);
      const jobId = await startJob(pool, 'copy-source', ranges);
      expect((await readPartitions(pool.db, jobId)).map((p) => p.status)).toEqual(Array(4).fill('STARTED'));
      await Promise.all(ranges.map((range) => runPartition(pool, jobId, range, 300)));
      await finishJob(pool.db, jobId, 'COMPLETED');

      const check = await verifyCheckpoints(pool, jobId, ranges);
      expect(check).toEqual({ ok: true, message: expect.stringContaining('all 4 partitions') as unknown });
      expect((await verifyTarget(pool)).ok).toBe(true);
      const partitions = await readPartitions(pool.db, jobId);
      expect(partitions.reduce((sum, p) => sum + p.rowsWritten, 0)).toBe(ROWS);
      expect(partitions.map((p) => p.checkpointId)).toEqual(ranges.map((range) => range.end));
      const job = await pool.db
        .selectFrom('job_execution')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirst();
      expect(job?.status).toBe('COMPLETED');
      expect(job?.finished_at).toBeInstanceOf(Date);

      await resetTarget(pool);
      const stalled = await startJob(pool, 'copy-source', ranges);
      const [first, second] = ranges as [KeyRange, KeyRange];
      await runPartition(pool, stalled, first, 300);
      await runPartition(pool, stalled, second, 100, 2);
      const failed = await verifyCheckpoints(pool, stalled, ranges);
      expect(failed.ok).toBe(false);
      expect(failed.message).toContain(
        `partition 1 checkpoint expected ${second.end}, actual ${second.start + 199}`,
      );
      expect(failed.message).toContain('partition 2 is STARTED, expected COMPLETED');
      expect(failed.message).toContain(`partition 3 checkpoint expected ${ranges[3]?.end}, actual none`);
    });

    it('reads back the checksum the generator gives, and names the part a changed row moves', async () => {
      const expected = sourceChecksumOf(generateSourceRows(ROWS));
      expect(await readSourceChecksum(pool)).toEqual(expected);
      await verifySource(pool, expected);
      // One row's timestamp moved by a second: only the timestamp part may notice.
      await sql`UPDATE source SET created_at = created_at + ${sql.raw(
        engine === 'postgres' ? "interval '1 second'" : 'INTERVAL 1 SECOND',
      )} WHERE id = 17`.execute(pool.db);
      await expect(verifySource(pool, expected)).rejects.toThrow(
        `createdSeconds expected ${expected.createdSeconds}, actual `,
      );
      // Rows 5 and 6 hold each other's amounts: every plain sum agrees, the key-weighted one does not.
      await seedSource(pool, ROWS);
      await pool.db.updateTable('source').set({ amount: '1.00' }).where('id', '=', 5).execute();
      await pool.db.updateTable('source').set({ amount: '2.00' }).where('id', '=', 6).execute();
      const swapped = [...generateSourceRows(ROWS)].map((row) =>
        row.id === 5 ? { ...row, amount: '2.00' } : row.id === 6 ? { ...row, amount: '1.00' } : row,
      );
      await expect(verifySource(pool, sourceChecksumOf(swapped))).rejects.toThrow(/idWeightedCents expected/);
    });

    it('keeps a source of exactly the generated rows for the next fork, and seeds anything else afresh', async () => {
      await createSchema(pool, { keepSource: true });
      expect(await countRows(pool, 'source')).toBe(ROWS);
      expect(await prepareSource(pool, ROWS)).toBe('kept');
      // Another size: seeded, and verified after.
      expect(await prepareSource(pool, ROWS / 2)).not.toBe('kept');
      expect(await countRows(pool, 'source')).toBe(ROWS / 2);
      expect(await prepareSource(pool, ROWS / 2)).toBe('kept');
      // One row's category changed (count, keys and amounts unchanged): not kept, seeded again.
      const third = [...generateSourceRows(3)][2];
      const other = third?.category === 'toys' ? 'tools' : 'toys';
      await pool.db.updateTable('source').set({ category: other }).where('id', '=', 3).execute();
      expect((await readSourceChecksum(pool)).rows).toBe(ROWS / 2);
      expect(await prepareSource(pool, ROWS / 2)).not.toBe('kept');
      await verifySource(pool, sourceChecksumOf(generateSourceRows(ROWS / 2)));
      // A fresh schema without keepSource empties it; the writable tables are always new.
      await createSchema(pool, { keepSource: false });
      expect(await countRows(pool, 'source')).toBe(0);
      expect(await prepareSource(pool, ROWS)).not.toBe('kept');
      await copyThroughClient(pool);
      await createSchema(pool, { keepSource: true });
      expect(await countRows(pool, 'target')).toBe(0);
      expect(await prepareSource(pool, ROWS)).toBe('kept');
    });

    it('warms caches and reads server counters that move with inserts', async () => {
      expect((await warmCaches(pool)).rowsRead).toBe(ROWS);
      const before = await readServerCounters(pool);
      const names =
        engine === 'postgres'
          ? ['xact_commit', 'tup_inserted', 'blks_read', 'blks_hit', 'wal_bytes']
          : ['Com_insert', 'Handler_write', 'Bytes_received', 'Innodb_data_writes'];
      expect(Object.keys(before)).toEqual(expect.arrayContaining(names));
      for (const value of Object.values(before)) expect(Number.isFinite(value)).toBe(true);
      await copyThroughClient(pool);
      const after = await readServerCounters(pool);
      const moved = engine === 'postgres' ? 'wal_bytes' : 'Handler_write';
      expect(after[moved]).toBeGreaterThan(before[moved] ?? Infinity);
      if (engine === 'postgres') {
        // Read right after the work: the pooled sessions' lazily published statistics must be in.
        expect((after.tup_inserted ?? 0) - (before.tup_inserted ?? 0)).toBeGreaterThanOrEqual(ROWS);
      }
    });
  });
}

describe('both engines', () => {
  it('hold the same data and compute the same transformation checksum', () => {
    expect(checksums.size).toBe(ENGINES.length);
    expect(new Set(checksums.values()).size).toBe(1);
  });
});
