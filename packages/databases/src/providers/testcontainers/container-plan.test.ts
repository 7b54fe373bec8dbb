import { describe, expect, it } from 'vitest';
import {
  buildMysqlContainer,
  MYSQL_CONTAINER,
  mysqlContainerPlan,
} from '../../engines/mysql/mysql-container.js';
import {
  buildPostgresContainer,
  POSTGRES_CONTAINER,
  postgresContainerPlan,
} from '../../engines/postgres/postgres-container.js';
import { containerLabels } from './container-labels.js';
import type { ContainerPlanOptions } from './container-plan.js';

/** The configuration a testcontainers container holds before start (protected fields, read for the test). */
interface ContainerState {
  imageName: { string: string };
  createOpts: { Cmd?: string[]; Labels?: Record<string, string>; Healthcheck?: { Test: string[] } };
  exposedPorts: unknown[];
  reuse: boolean;
  startupTimeoutMs?: number;
  waitStrategy: { constructor: { name: string }; message?: RegExp; times?: number };
}

const RUN = { id: '0123456789abcdef', host: 'bench-host', pid: 4242 };

function options(overrides: Partial<ContainerPlanOptions> = {}): ContainerPlanOptions {
  return { image: 'img:1', labels: containerLabels('postgres', RUN), ...overrides };
}

describe('postgresContainerPlan', () => {
  it('defaults to postgres:16-alpine, named by DBBENCH_POSTGRES_IMAGE', () => {
    expect(POSTGRES_CONTAINER.defaultImage).toBe('postgres:16-alpine');
    expect(POSTGRES_CONTAINER.imageVariable).toBe('DBBENCH_POSTGRES_IMAGE');
  });

  it('starts the image it is given, raises max_connections, and waits for the second ready line', () => {
    const plan = postgresContainerPlan(options({ image: 'localhost/pg:15', minConnections: 130 }));
    expect(plan.image).toBe('localhost/pg:15');
    expect(plan.containerPort).toBe(5432);
    expect(plan.command).toEqual(['postgres', '-c', 'max_connections=140']);
    expect(plan.environment).toEqual({
      POSTGRES_USER: 'dbbench',
      POSTGRES_PASSWORD: plan.password,
      POSTGRES_DB: 'dbbench',
    });
    expect(plan.reuse).toBe(false);
    expect(plan.labels).toEqual(containerLabels('postgres', RUN));
    // The official image's init-time server prints the line first; the real server's is the second.
    expect(plan.readyLog.times).toBe(2);
    expect('LOG:  database system is ready to accept connections').toMatch(plan.readyLog.pattern);
    // A fresh random password per run unless the container is to be reused.
    expect(plan.password).toMatch(/^[0-9a-f]{32}$/);
    expect(postgresContainerPlan(options()).password).not.toBe(plan.password);
    expect(postgresContainerPlan(options()).command).toContain('max_connections=210');
  });

  it('keeps a stable configuration when reuse is asked for, so testcontainers finds the container again', () => {
    const reused = options({
      reuse: true,
      minConnections: 50,
      labels: containerLabels('postgres', undefined),
    });
    const first = postgresContainerPlan(reused);
    expect(first.reuse).toBe(true);
    expect({ ...first, readyLog: String(first.readyLog.pattern) }).toEqual({
      ...postgresContainerPlan(reused),
      readyLog: String(first.readyLog.pattern),
    });
  });

  it('is applied to the PostgreSqlContainer: image, command, labels, port, reuse, log wait, no health check', async () => {
    const plan = postgresContainerPlan(options({ reuse: true, minConnections: 20 }));
    const state = (await buildPostgresContainer(plan)) as unknown as ContainerState;
    expect(state.imageName.string).toBe('img:1');
    expect(state.createOpts.Cmd).toEqual(['postgres', '-c', 'max_connections=30']);
    expect(state.createOpts.Labels).toMatchObject(containerLabels('postgres', RUN));
    expect(state.createOpts.Healthcheck?.Test).toEqual(['NONE']);
    expect(state.exposedPorts).toEqual([5432]);
    expect(state.reuse).toBe(true);
    expect(state.startupTimeoutMs).toBe(120_000);
    // The log alone: a listening-port wait execs into the container over and over.
    expect(state.waitStrategy.constructor.name).toBe('LogWaitStrategy');
    expect(state.waitStrategy.times).toBe(2);
    const fresh = (await buildPostgresContainer(
      postgresContainerPlan(options()),
    )) as unknown as ContainerState;
    expect(fresh.reuse).toBe(false);
  });
});

describe('mysqlContainerPlan', () => {
  it('defaults to mysql:8.4, named by DBBENCH_MYSQL_IMAGE', () => {
    expect(MYSQL_CONTAINER.defaultImage).toBe('mysql:8.4');
    expect(MYSQL_CONTAINER.imageVariable).toBe('DBBENCH_MYSQL_IMAGE');
  });

  it('logs in as root, raises max_connections, and waits for the real server', () => {
    const plan = mysqlContainerPlan(options({ image: 'mysql:8.4', minConnections: 90 }));
    expect(plan.image).toBe('mysql:8.4');
    expect(plan.containerPort).toBe(3306);
    expect(plan.user).toBe('root');
    expect(plan.command).toEqual(['--max-connections=100', '--loose-mysqlx=OFF']);
    expect(plan.environment['MYSQL_ROOT_PASSWORD']).toBe(plan.password);
    expect(plan.environment['MYSQL_DATABASE']).toBe('dbbench');
    expect(plan.readyLog.times).toBe(1);
    const { pattern } = plan.readyLog;
    // MySQL 8: the init-time server listens on no port; only the real one's line matches.
    expect(
      "/usr/sbin/mysqld: ready for connections. Version: '8.4.5'  socket: '/var/run/mysqld/mysqld.sock'  port: 0  MySQL Community Server - GPL.",
    ).not.toMatch(pattern);
    expect(
      "/usr/sbin/mysqld: ready for connections. Version: '8.4.5'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.",
    ).toMatch(pattern);
    // MariaDB prints the version on the line after "ready for connections."
    expect('mariadbd: ready for connections.').not.toMatch(pattern);
    expect(
      "Version: '10.11.19-MariaDB-0+deb12u1'  socket: '/run/mysqld/mysqld.sock'  port: 0  Debian 12",
    ).not.toMatch(pattern);
    expect(
      "Version: '10.11.19-MariaDB-0+deb12u1'  socket: '/run/mysqld/mysqld.sock'  port: 3306  Debian 12",
    ).toMatch(pattern);
    // The X plugin's port is not the server's.
    expect("X Plugin ready for connections. Version: '8.4.5' Bind-address: '::' port: 33060").not.toMatch(
      pattern,
    );
  });

  it('is applied to the MySqlContainer: image, command, labels, port, reuse, log wait, no health check', async () => {
    const labels = containerLabels('mysql', undefined);
    const state = (await buildMysqlContainer(
      mysqlContainerPlan(options({ image: 'mysql:8.4', reuse: true, labels })),
    )) as unknown as ContainerState;
    expect(state.imageName.string).toBe('mysql:8.4');
    expect(state.createOpts.Cmd).toEqual(['--max-connections=210', '--loose-mysqlx=OFF']);
    expect(state.createOpts.Labels).toMatchObject(labels);
    expect(state.createOpts.Healthcheck?.Test).toEqual(['NONE']);
    expect(state.exposedPorts).toEqual([3306]);
    expect(state.reuse).toBe(true);
    expect(state.waitStrategy.constructor.name).toBe('LogWaitStrategy');
  });
});
