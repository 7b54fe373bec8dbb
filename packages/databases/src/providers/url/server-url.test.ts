import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../engines/registry.js';
import { DatabaseSetupError } from '../../errors.js';
import { parseServerUrl, redactedConnectionUrl } from './server-url.js';

const { postgres, mysql } = ENGINES;

describe('parseServerUrl', () => {
  it('reads user, decoded password, host, port and database', () => {
    expect(parseServerUrl(postgres, 'postgresql://bench:p%40ss@db.example:6543/app')).toEqual({
      engine: 'postgres',
      host: 'db.example',
      port: 6543,
      user: 'bench',
      password: 'p@ss',
      database: 'app',
    });
  });

  it('fills in the default port and user, and leaves the database empty when none is named', () => {
    expect(parseServerUrl(mysql, 'mariadb://[::1]')).toEqual({
      engine: 'mysql',
      host: '::1',
      port: 3306,
      user: 'root',
      password: '',
      database: '',
    });
  });

  it('rejects another engine or a non-URL with a fix and without the password', () => {
    for (const url of [
      'postgres://u:TopSecret@h/x',
      'mysql://u:TopSecret@h:notaport/x',
      'not a url TopSecret',
    ]) {
      const attempt = (): unknown => parseServerUrl(mysql, url);
      expect(attempt).toThrow(DatabaseSetupError);
      expect(attempt).toThrow(/DBBENCH_MYSQL_URL/);
      expect(attempt).not.toThrow(/TopSecret/);
    }
  });

  it('says what is wrong with broken percent-encoding instead of throwing a URIError', () => {
    const attempt = (): unknown => parseServerUrl(postgres, 'postgres://u:Top%ZZSecret@h/x');
    expect(attempt).toThrow(DatabaseSetupError);
    expect(attempt).toThrow(/percent-encoding/);
    expect(attempt).not.toThrow(/Top%ZZSecret/);
  });
});

describe('redactedConnectionUrl', () => {
  it('shows *** for a password and nothing for none', () => {
    const connection = parseServerUrl(postgres, 'postgres://bench:s3cret@db:5432/dbbench_x_1');
    expect(redactedConnectionUrl(postgres, connection)).toBe('postgres://bench:***@db:5432/dbbench_x_1');
    expect(redactedConnectionUrl(postgres, { ...connection, password: '' })).toBe(
      'postgres://bench@db:5432/dbbench_x_1',
    );
  });
});
