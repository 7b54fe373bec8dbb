import { describe, expect, it } from 'vitest';
import { buildMysqlContainer, mysqlContainerPlan } from '../../engines/mysql/mysql-container.js';
import { buildPostgresContainer, postgresContainerPlan } from '../../engines/postgres/postgres-container.js';

/** The configuration a testcontainers container holds before start (protected fields, read for the test). */
interface ContainerState {
  imageName: { string: string };
  createOpts: { Cmd?: string[] };
  exposedPorts: unknown[];
  reuse: boolean;
  startupTimeoutMs?: number;
  waitStrategy: { constructor: { name: string }; waitStrategies?: { constructor: { name: string } }[] };
}

describe('postgresContainerPlan', () => {
  it('pins postgres:16-alpine, raises max_connections, and waits for the second ready line', () => {
    const plan = postgresContainerPlan({ minConnections: 130 });
    expect(plan.image).toBe('postgres:16-alpine');
    expect(plan.containerPort).toBe(5432);
    expect(plan.command).toEqual(['postgres', '-c', 'max_connections=140']);
    expect(plan.environment).toEqual({
      POSTGRES_USER: 'dbbench',
      POSTGRES_PASSWORD: plan.password,
      POSTGRES_DB: 'dbbench',
    });
    expect(plan.reuse).toBe(false);
    expect(plan.readyLog.times).toBe(2);
    expect('LOG:  database system is ready to accept connections').toMatch(plan.readyLog.pattern);
    // A fresh random password per run unless the container is to be reused.
    expect(plan.password).toMatch(/^[0-9a-f]{32}$/);
    expect(postgresContainerPlan({}).password).not.toBe(plan.password);
    expect(postgresContainerPlan({}).command).toContain('max_connections=210');
  });

  it('keeps a stable configuration when reuse is asked for, so testcontainers finds the container again', () => {
    const first = postgresContainerPlan({ reuse: true, minConnections: 50 });
    expect(first.reuse).toBe(true);
    expect({ ...first, readyLog: String(first.readyLog.pattern) }).toEqual({
      ...postgresContainerPlan({ reuse: true, minConnections: 50 }),
      readyLog: String(first.readyLog.pattern),
    });
  });

  it('is applied to the PostgreSqlContainer: image, command, port, reuse, wait strategy, timeout', async () => {
    const plan = postgresContainerPlan({ reuse: true, minConnections: 20 });
    const state = (await buildPostgresContainer(plan)) as unknown as ContainerState;
    expect(state.imageName.string).toBe('postgres:16-alpine');
    expect(state.createOpts.Cmd).toEqual(['postgres', '-c', 'max_connections=30']);
    expect(state.exposedPorts).toEqual([5432]);
    expect(state.reuse).toBe(true);
    expect(state.startupTimeoutMs).toBe(120_000);
    expect(state.waitStrategy.constructor.name).toBe('CompositeWaitStrategy');
    expect(state.waitStrategy.waitStrategies?.map((strategy) => strategy.constructor.name)).toEqual([
      'LogWaitStrategy',
      'HostPortWaitStrategy',
    ]);
    const fresh = (await buildPostgresContainer(postgresContainerPlan({}))) as unknown as ContainerState;
    expect(fresh.reuse).toBe(false);
  });
});

describe('mysqlContainerPlan', () => {
  it('pins mysql:8.4, logs in as root, raises max_connections, and waits for the real server', () => {
    const plan = mysqlContainerPlan({ minConnections: 90 });
    expect(plan.image).toBe('mysql:8.4');
    expect(plan.containerPort).toBe(3306);
    expect(plan.user).toBe('root');
    expect(plan.command).toEqual(['--max-connections=100', '--mysqlx=OFF']);
    expect(plan.environment['MYSQL_ROOT_PASSWORD']).toBe(plan.password);
    expect(plan.environment['MYSQL_DATABASE']).toBe('dbbench');
    // The init-time server listens on no port; only the real one's line must match.
    expect(
      "/usr/sbin/mysqld: ready for connections. Version: '8.4.5'  socket: '/var/run/mysqld/mysqld.sock'  port: 0",
    ).not.toMatch(plan.readyLog.pattern);
    expect(
      "/usr/sbin/mysqld: ready for connections. Version: '8.4.5'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306",
    ).toMatch(plan.readyLog.pattern);
  });

  it('is applied to the MySqlContainer: image, command, port, reuse, wait strategy', async () => {
    const state = (await buildMysqlContainer(
      mysqlContainerPlan({ reuse: true }),
    )) as unknown as ContainerState;
    expect(state.imageName.string).toBe('mysql:8.4');
    expect(state.createOpts.Cmd).toEqual(['--max-connections=210', '--mysqlx=OFF']);
    expect(state.exposedPorts).toEqual([3306]);
    expect(state.reuse).toBe(true);
    expect(state.waitStrategy.waitStrategies?.map((strategy) => strategy.constructor.name)).toEqual([
      'LogWaitStrategy',
      'HostPortWaitStrategy',
    ]);
  });
});
