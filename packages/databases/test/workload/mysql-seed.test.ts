import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/pool/index.js';
import type { MeteredPool } from '../../src/types.js';
import { countRows, createSchema, generateSourceRows } from '../../src/workload/index.js';
import { loadSourceRows } from '../../src/workload/mysql-seed.js';
import { createScratchDatabase, type ScratchDatabase } from '../pool/scratch-database.js';

describe('MySQL seeding paths', () => {
  let scratch: ScratchDatabase;
  let pool: MeteredPool;
  beforeAll(async () => {
    scratch = await createScratchDatabase('mysql', 'seed');
    pool = await createPool(scratch.connection, { size: 1 });
    await createSchema(pool);
  });
  afterAll(async () => {
    await pool?.close();
    await scratch?.drop();
  });

  it('uses LOAD DATA LOCAL when the server allows it', async () => {
    await pool.db.deleteFrom('source').execute();
    const path = await pool.withConnection((raw) =>
      raw.engine === 'mysql' ? loadSourceRows(raw.connection, 3000) : Promise.reject(new Error('not mysql')),
    );
    expect(path).toBe('load-data');
    expect(await countRows(pool, 'source')).toBe(3000);
  });

  it('falls back to multi-row INSERTs when LOCAL INFILE is refused, with the same rows', async () => {
    await pool.db.deleteFrom('source').execute();
    // A client that does not offer LOCAL_FILES is refused by the server, as MySQL 8's default local_infile=OFF does.
    const refusing = await mysql.createConnection({
      ...scratch.connection,
      flags: ['-LOCAL_FILES'],
      timezone: 'Z',
    });
    try {
      expect(await loadSourceRows(refusing, 3000)).toBe('insert');
    } finally {
      await refusing.end();
    }
    expect(await countRows(pool, 'source')).toBe(3000);
    const last = await pool.db
      .selectFrom('source')
      .selectAll()
      .where('id', '=', 3000)
      .executeTakeFirstOrThrow();
    const generated = [...generateSourceRows(3000)].at(-1);
    expect({ ...last, id: Number(last.id) }).toEqual(generated);
  });
});
