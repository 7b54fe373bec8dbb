import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSetupError } from '../errors.js';
import { serverStartError, startFailureFix, tellingLine, toolStartFailure } from './start-failure-log.js';

// What mariadb-install-db printed for a TMPDIR the mysql account could not write (26 lines, shortened).
const MARIADB_OUTPUT = `Installing MariaDB/MySQL system tables in '/srv/run/data' ...
2026-12-02  3:37:14 0 [Warning] Could not increase number of max_open_files to more than 1024
2026-12-02  3:37:14 0 [ERROR] mariadbd: Can't create/write to file '/srv/tmp/ibuoyfts' (Errcode: 13 "Permission denied")
2026-12-02  3:37:14 0 [ERROR] InnoDB: Unable to create temporary file; errno: 13
2026-12-02  3:37:14 0 [ERROR] Aborting

Installation of system tables failed!  Examine the logs in
/srv/run/data for more information.
`;

describe('tellingLine', () => {
  it('takes the first line logged as an error, without its timestamp, over warnings and consequences', () => {
    expect(tellingLine(MARIADB_OUTPUT)).toBe(
      `[ERROR] mariadbd: Can't create/write to file '/srv/tmp/ibuoyfts' (Errcode: 13 "Permission denied")`,
    );
    expect(
      tellingLine(
        '2026-12-02 03:40:01.365 UTC [16192] LOG:  starting\n2026-12-02 03:40:01.365 UTC [16192] FATAL:  could not create any Unix-domain sockets\n',
      ),
    ).toBe('FATAL:  could not create any Unix-domain sockets');
  });

  it('falls back to failure wording, then to the last line', () => {
    expect(tellingLine('creating directory\ninitdb: cannot write /x\ndone\n')).toBe(
      'initdb: cannot write /x',
    );
    expect(tellingLine('one\ntwo\n')).toBe('two');
    expect(tellingLine('')).toBe('it wrote nothing');
  });
});

describe('startFailureFix', () => {
  const saved = process.env['TMPDIR'];
  afterEach(() => {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
  });

  it('names TMPDIR when the account cannot write a file in it', () => {
    process.env['TMPDIR'] = '/srv/tmp';
    expect(startFailureFix(tellingLine(MARIADB_OUTPUT), 'mysql')).toBe(
      'Fix: the mysql account cannot write TMPDIR (/srv/tmp): make it writable for it (chmod 1777 /srv/tmp) or run with TMPDIR=/tmp.',
    );
  });

  it('names the directory when the path lies elsewhere, and a socket path that is too long', () => {
    delete process.env['TMPDIR'];
    expect(
      startFailureFix(`initdb: error: could not access directory "/data/pg": Permission denied`, 'postgres'),
    ).toBe(
      'Fix: give the postgres account write access to /data, or point TMPDIR at a directory it can write.',
    );
    expect(startFailureFix('FATAL:  could not create any Unix-domain sockets', undefined)).toMatch(
      /^Fix: a socket path under .* is longer than the 107 bytes a Unix socket allows/,
    );
  });
});

describe('serverStartError', () => {
  let directory = '';
  const saved = process.env['TMPDIR'];
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dbbench-start-failure-'));
    // The kept log goes under dbbench's cache directory in the system temp directory: this test's.
    process.env['TMPDIR'] = directory;
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
    await rm(directory, { recursive: true, force: true });
  });

  it('says a failed tool in three lines and keeps its whole output', async () => {
    const log = join(directory, 'install.log');
    await writeFile(log, MARIADB_OUTPUT);
    const failure = await toolStartFailure('/usr/bin/mariadb-install-db exited with code 1', log);
    const error = await serverStartError(failure, {
      what: 'local MariaDB (/usr/sbin/mariadbd)',
      account: 'mysql',
    });
    expect(error).toBeInstanceOf(DatabaseSetupError);
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      `The local MariaDB (/usr/sbin/mariadbd) could not start: /usr/bin/mariadb-install-db exited with code 1: [ERROR] mariadbd: Can't create/write to file '/srv/tmp/ibuoyfts' (Errcode: 13 "Permission denied")`,
    );
    expect(lines[1]).toMatch(/^Fix: /);
    const kept = /^Full output: (\/.+\.log)$/.exec(lines[2] ?? '')?.[1];
    expect(kept).toBeDefined();
    expect(kept!.startsWith(join(directory, `dbbench-cache-${process.getuid?.() ?? 'user'}`, 'logs'))).toBe(
      true,
    );
    expect(await readFile(kept!, 'utf8')).toContain('Installation of system tables failed!');
  });

  it("reads a container's own log for the cause and hides the password in the message and the log", async () => {
    const error = await serverStartError(new Error('Log message "ready" not received after 120000ms'), {
      what: 'postgres:16-alpine container',
      secrets: ['s3cretpw'],
      output: 'initdb: starting\nFATAL: password s3cretpw rejected: data directory has wrong ownership\n',
    });
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'The postgres:16-alpine container could not start: Log message "ready" not received after 120000ms: FATAL: password *** rejected: data directory has wrong ownership',
    );
    const kept = /^Full output: (\/.+)$/.exec(lines[2] ?? '')?.[1] ?? '';
    expect(await readFile(kept, 'utf8')).not.toContain('s3cretpw');
  });

  it('passes a setup error that is already worded for the user as it is', async () => {
    const worded = new DatabaseSetupError('The postgres account cannot reach the embedded binaries.');
    expect(await serverStartError(worded, { what: 'embedded PostgreSQL' })).toBe(worded);
  });
});
