import { randomBytes } from 'node:crypto';
import type { Engine } from '@dbbench/databases';
import type { BenchmarkContext, BenchmarkDefinition, ParamSet } from '@dbbench/harness';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ConnectionContext } from '../src/connection-context.js';

/** The engines every integration test loops over. */
export const ENGINES: readonly Engine[] = ['postgres', 'mysql'];

const ADMIN = {
  postgres: { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: 'test' },
  mysql: { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' },
} as const;

/** A throwaway database on the local test server, created for one test file and dropped after it. */
export interface TestDatabase {
  readonly connection: ConnectionContext;
  drop(): Promise<void>;
}

/** Creates `dbbench_reactive_test_<random>` on the engine's local server. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const name = `dbbench_reactive_test_${randomBytes(4).toString('hex')}`;
  const admin = ADMIN[engine];
  const execute = async (statement: string): Promise<void> => {
    if (engine === 'postgres') {
      const client = new pg.Client(admin);
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    } else {
      const connection = await mysql.createConnection(admin);
      try {
        await connection.query(statement);
      } finally {
        await connection.end();
      }
    }
  };
  await execute(`CREATE DATABASE ${name}`);
  return {
    connection: {
      engine,
      host: admin.host,
      port: admin.port,
      user: admin.user,
      password: admin.password,
      database: name,
    },
    drop: () =>
      execute(
        engine === 'postgres'
          ? `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`
          : `DROP DATABASE IF EXISTS ${name}`,
      ),
  };
}

/** A hand-made benchmark context, as a fork would build it. */
export function contextFor(
  connection: ConnectionContext,
  params: ParamSet,
): BenchmarkContext<ConnectionContext> {
  return {
    params,
    runContext: connection,
    fork: 0,
    log: () => undefined,
    int(axis: string): number {
      const value = params[axis];
      if (value === undefined) throw new Error(`no parameter ${axis}`);
      return Number.parseInt(value, 10);
    },
    str(axis: string): string {
      const value = params[axis];
      if (value === undefined) throw new Error(`no parameter ${axis}`);
      return value;
    },
  };
}

/**
 * Runs a benchmark's whole lifecycle in this process the way the harness orders it (setupInvocation,
 * run, verify, teardownInvocation per invocation), and returns the results of `run`.
 */
export async function runLifecycle<State, Result>(
  benchmark: BenchmarkDefinition<State, ConnectionContext, Result>,
  ctx: BenchmarkContext<ConnectionContext>,
  invocations: number,
): Promise<Result[]> {
  const state = await benchmark.setupTrial(ctx);
  const results: Result[] = [];
  try {
    for (let invocation = 0; invocation < invocations; invocation++) {
      await benchmark.setupInvocation?.(state, ctx);
      const result = await benchmark.run(state, { consume: () => undefined }, ctx);
      await benchmark.verify?.(state, result, ctx);
      await benchmark.teardownInvocation?.(state, ctx);
      results.push(result);
    }
  } finally {
    await benchmark.teardownTrial?.(state, ctx);
  }
  return results;
}

/**
 * Polls until every connection of the pool is idle again, or `deadlineMs` passes; returns the last
 * idle count. A driver may hand a connection back a tick after the promise that used it settled
 * (mysql2 does after a cancelled stream); a leaked connection never comes back and fails the check.
 */
export async function idleCountAfterSettling(
  pool: { idleCount(): number; readonly size: number },
  deadlineMs = 2000,
): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  while (pool.idleCount() < pool.size && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return pool.idleCount();
}
