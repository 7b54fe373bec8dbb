import { describe, expect, it } from 'vitest';
import type { ConnectionInfo, DatabaseInfo } from '../types.js';
import { toJsonConnectionInfo, toJsonDatabaseInfo } from './json-connection-info.js';

describe('toJsonConnectionInfo', () => {
  it('keeps exactly the connection fields', () => {
    const connection: ConnectionInfo = {
      engine: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: 'secret',
      database: 'dbbench_x_0123abcd',
    };
    const withExtraField = { ...connection, extra: 'not copied' };
    expect(toJsonConnectionInfo(withExtraField)).toStrictEqual(connection);
  });
});

describe('toJsonDatabaseInfo', () => {
  it('copies the settings instead of sharing them', () => {
    const info: DatabaseInfo = {
      engine: 'postgres',
      provider: 'url',
      version: 'PostgreSQL 15.8',
      redactedUrl: 'postgres://postgres:***@127.0.0.1:5432/test',
      settings: { fsync: 'on' },
    };
    const copy = toJsonDatabaseInfo(info);
    expect(copy).toEqual(info);
    expect(copy.settings).not.toBe(info.settings);
    expect(JSON.parse(JSON.stringify(copy))).toEqual(info);
  });
});
