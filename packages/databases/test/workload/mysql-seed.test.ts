import mysql from 'mysql2';
import type { PoolConnection as PromisePoolConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MysqlSession } from '../../src/engines/mysql/mysql-session.js';
import { ENGINES } from '../../src/engines/registry.js';
import { BulkLoadDisabledError } from '../../src/errors.js';
import { createPool } from '../../src/pool/index.js';
import { generateSourceRows, SOURCE_COLUMNS, tabSeparatedText } from '../../src/source-data/index.js';
import type { MeteredPool } from '../../src/types.js';
import { countRows, createSchema, insertSourceRows, seedSource } from '../../src/workload/index.js';
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
    expect(await seedSource(pool, 3000)).toBe('bulk');
    expect(await countRows(pool, 'source')).toBe(3000);
  });

  it('says the bulk path is refused when LOCAL INFILE is off, as MySQL 8 ships', async () => {
    // A client that does not offer LOCAL_FILES is refused by the server, as MySQL 8's default local_infile=OFF does.
    // Only options mysql2 knows: it warns about (and will reject) others, such as `engine`.
    const { engine: _engine, ...options } = scratch.connection;
    const core = mysql.createConnection({ ...options, flags: ['-LOCAL_FILES'], timezone: 'Z' });
    const session = new MysqlSession(
      ENGINES.mysql,
      core as unknown as mysql.PoolConnection,
      core.promise() as unknown as PromisePoolConnection,
    );
    try {
      const load = ENGINES.mysql.bulkLoad.load(
        session,
        'source',
        SOURCE_COLUMNS,
        tabSeparatedText(generateSourceRows(10), SOURCE_COLUMNS),
      );
      await expect(load).rejects.toThrow(BulkLoadDisabledError);
      await expect(load).rejects.toThrow(/local_infile/);
    } finally {
      core.destroy();
    }
  });

  it('the INSERT fallback loads exactly the generated rows', async () => {
    await pool.db.deleteFrom('source').execute();
    await insertSourceRows(pool, generateSourceRows(3000));
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
