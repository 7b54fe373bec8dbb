import { Kysely, PostgresDialect } from 'kysely';
import type { Socket } from 'node:net';
import type pg from 'pg';
import { meterReadings, PoolMeter } from '../../pool/pool-meter.js';
import { statementText, WorkCounter } from '../../pool/work-counter.js';
import { redactSecret } from '../../pool/redact-secret.js';
import type { PoolOptions } from '../../pool/pool-types.js';
import type { DbbenchDatabase } from '../../workload/workload-tables.js';
import type { ConnectionInfo, Engine, EngineDriver, EnginePool, MeteredPool } from '../engine.js';
import { POSTGRESJS_DRIVER } from './postgres-second-pool.js';
import { loadPostgresDriver } from './postgres-driver.js';
import { createPostgresBarePool } from './postgres-bare-pool.js';
import { pgFacts, postgresPoolConfig, prewarmPostgresPool } from './postgres-pool-config.js';
import { PostgresSession } from './postgres-session.js';

/** The socket of a pg client (not in pg's typings). */
interface ClientWithSocket {
  readonly connection?: { readonly stream?: Socket };
}

/**
 * Counts every statement a client sends (Kysely's, cursors, COPY) by wrapping its `query` once, when
 * it connects, and watches its socket for bytes.
 */
function countWork(client: pg.PoolClient, work: WorkCounter): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    work.statement(statementText(args[0]));
    return query(...args);
  }) as typeof client.query;
  work.watch((client as unknown as ClientWithSocket).connection?.stream);
}

/**
 * A pre-warmed, metered pg.Pool with a Kysely instance over it.
 *
 * Kysely gets a wrapper whose `connect()` goes through the meter, so its acquisitions are timed
 * exactly like {@link MeteredPool.withConnection}'s. The acquire timeout is dbbench's own: pg's
 * `connectionTimeoutMillis` would also cut off a slow connect, which is not what is measured.
 *
 * @param engine the engine the pool and its sessions carry (see {@link EnginePool.create})
 */
export async function createPostgresPool(
  engine: Engine,
  connection: ConnectionInfo,
  options: PoolOptions,
): Promise<MeteredPool> {
  const { pg, Cursor } = await loadPostgresDriver();
  const { size } = options;
  const driver = new pg.Pool(postgresPoolConfig(pg, connection, size));
  const meter = new PoolMeter(size, options.acquireTimeoutMs ?? 0);
  const work = new WorkCounter();
  driver.on('connect', (client) => {
    meter.connectionOpened();
    countWork(client, work);
  });
  // An idle client whose server connection drops is removed by pg; without a listener the error would crash the fork.
  driver.on('error', () => undefined);

  let ended = false;
  const end = async (): Promise<void> => {
    if (ended) return;
    ended = true;
    await driver.end();
  };

  await prewarmPostgresPool(driver, size, connection, end);

  const acquire = async (): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await meter.acquire<pg.PoolClient>(
        (done) => driver.connect((error, client) => done(error, client)),
        (late) => late.release(),
      );
    } catch (error) {
      throw redactSecret(error, connection.password);
    }
    // pg assigns a fresh `release` on every checkout, so wrapping it here never stacks.
    const driverRelease = client.release.bind(client);
    client.release = (destroy?: Error | boolean) => {
      meter.released(client);
      driverRelease(destroy);
    };
    return client;
  };

  const db = new Kysely<DbbenchDatabase>({
    dialect: new PostgresDialect({
      pool: {
        connect: acquire,
        end,
      },
      cursor: Cursor,
    }),
  });

  const close = async (): Promise<void> => {
    // Kysely ends the pool only if it was ever used; `end` is idempotent for the other case.
    await db.destroy();
    await end();
  };

  return {
    engine,
    size,
    driver: pgFacts(),
    db,
    async withConnection(fn) {
      const client = await acquire();
      let result;
      try {
        result = await fn(new PostgresSession(engine, client));
      } catch (error) {
        // The session may be mid-transaction or mid-COPY: do not hand it to the next caller.
        client.release(true);
        throw error;
      }
      client.release();
      return result;
    },
    ...meterReadings(meter, work),
    idleCount: () => driver.idleCount,
    totalCount: () => driver.totalCount,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** node-postgres, PostgreSQL's default driver: pg.Pool, metered. */
const PG_DRIVER: EngineDriver = {
  name: 'pg',
  library: 'pg',
  label: 'node-postgres (pg)',
  create: createPostgresPool,
  createBare: createPostgresBarePool,
};

/** PostgreSQL's drivers: node-postgres (the default, the one COPY and cursors are written for) and postgres.js. */
export const POSTGRES_POOL: EnginePool = { drivers: [PG_DRIVER, POSTGRESJS_DRIVER] };
