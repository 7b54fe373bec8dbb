/**
 * The job's fast writers on each engine (`src/job/engines/<engine>/<engine>-chunk-writers.ts`): the
 * page they read as text transforms to the same bytes as the row path, the held session is set up
 * for chunk commits and put back, and bulk chunks land with their checkpoints.
 */
import {
  createPool,
  createSchema,
  generateSourceRows,
  insertSourceRows,
  readPartitions,
  resetSource,
  resetTarget,
  startJob,
  targetRowsText,
  transformRow,
  transformSourceText,
  verifyTarget,
  type MeteredPool,
  type Session,
  type SourceRow,
  type StartedServer,
} from '@dbbench/databases';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_WRITERS } from '../src/job/engines/registry.js';
import { ENGINES, startTestServer } from './support/test-servers.js';

const ROWS = 1200;

/**
 * Generated rows, some with every character the text encoding escapes and some with multi-byte
 * characters that have no case (upper-casing agrees in JavaScript and on every server, which the
 * target checksum needs).
 */
function sourceRows(): SourceRow[] {
  return [...generateSourceRows(ROWS)].map((row) => {
    if (row.id % 97 === 0) return { ...row, name: `tab\there ${row.id}` };
    if (row.id % 89 === 0) return { ...row, category: 'new\nline' };
    if (row.id % 83 === 0) return { ...row, name: `cr\r€ 日本 ${row.id}` };
    if (row.id % 79 === 0) return { ...row, name: `back\\slash ${row.id}`, category: '€uro\\x' };
    return row;
  });
}

/** Lines sorted, so texts joined in different orders compare equal. */
function sortedLines(text: string): string[] {
  return text.split('\n').sort();
}

for (const engineName of ENGINES) {
  const writers = CHUNK_WRITERS[engineName];

  describe(`the job's chunk readers and writers on ${engineName}`, () => {
    let server: StartedServer;
    let pool: MeteredPool;
    beforeAll(async () => {
      server = await startTestServer(engineName);
      pool = await createPool(server.connection, { size: 2 });
      await createSchema(pool);
      await resetSource(pool);
      await insertSourceRows(pool, sourceRows());
    });
    afterAll(async () => {
      await pool?.close();
      await server?.stop();
    });
    beforeEach(async () => {
      await resetTarget(pool);
    });

    it('reads a page as text that transforms to the bytes the row path encodes, escaped characters or not', async () => {
      await pool.withConnection(async (session) => {
        for (const [afterId, endId, limit] of [
          [0, ROWS, 500],
          [300, 900, 5000],
          // Keys 1..78 hold no escaped character: MySQL keeps the text it read without escaping.
          [0, 78, 500],
          // One kind of escaped character per page: 79 backslash, 83 carriage return, 89 newline, 97 tab.
          [78, 80, 500],
          [82, 84, 500],
          [88, 90, 500],
          [96, 98, 500],
          [ROWS, ROWS + 10, 500],
        ] as const) {
          const rows = await writers.readSourcePage(session, afterId, endId, limit);
          const text = await writers.readSourceText(session, afterId, endId, limit);
          expect(text.rowCount).toBe(rows.length);
          expect(text.lastId).toBe(rows.length === 0 ? undefined : Number(rows.at(-1)?.id));
          const rowPath = Buffer.concat([...targetRowsText(rows.map(transformRow))]).toString('utf8');
          expect(sortedLines(transformSourceText(text).text)).toEqual(sortedLines(rowPath));
        }
      });
    });

    it('runs a partition on a session set up for chunk commits and puts the session back', async () => {
      const setting = async (session: Session): Promise<unknown> =>
        engineName === 'postgres'
          ? (await session.query('SHOW synchronous_commit'))[0]?.['synchronous_commit']
          : (await session.query('SELECT @@autocommit AS autocommit'))[0]?.['autocommit'];
      await pool.withConnection(async (session) => {
        const before = await setting(session);
        const during = await writers.withPartitionSession(session, () => setting(session));
        expect(during).toBe(engineName === 'postgres' ? 'off' : before);
        expect(await setting(session)).toBe(before);
      });
    });

    it('writes text chunks with their checkpoints through the bulk path to a verified target', async () => {
      const jobId = await startJob(pool, 'chunk-writers-test', [{ partitionNo: 0, start: 1, end: ROWS }]);
      await pool.withConnection(async (session) => {
        for (let afterId = 0; afterId < ROWS; afterId += 400) {
          const page = await writers.readSourceText(session, afterId, ROWS, 400);
          await writers.writeBulk(session, transformSourceText(page), {
            jobId,
            partitionNo: 0,
            lastId: page.lastId ?? afterId,
          });
        }
      });
      const target = await verifyTarget(pool);
      expect(target.ok, target.message).toBe(true);
      const [partition] = await readPartitions(pool.db, jobId);
      expect(partition).toMatchObject({ checkpointId: ROWS, rowsWritten: ROWS });
    });
  });
}
