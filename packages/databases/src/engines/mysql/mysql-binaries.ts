import { dirname, join } from 'node:path';
import { DatabaseSetupError } from '../../errors.js';
import { commandOutput, findExecutable, pathDirectories } from '../../providers/local/executable-search.js';

/** Overrides the search with the directory holding mariadbd or mysqld (and mariadb-install-db). */
export const MYSQL_BINDIR_VARIABLE = 'DBBENCH_MYSQL_BINDIR';

/** The MySQL-compatible server the local provider runs, and how its data directory is created. */
export interface MysqlBinaries {
  /** MariaDB initialises with mariadb-install-db; MySQL with `mysqld --initialize-insecure`. */
  readonly flavour: 'mariadb' | 'mysql';
  readonly server: string;
  /** mariadb-install-db (MariaDB only). */
  readonly installDb: string | undefined;
  /** `<server> --version`, for messages. */
  readonly versionLine: string;
}

const SYSTEM_DIRECTORIES = [
  '/usr/sbin',
  '/usr/bin',
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/local/mysql/bin',
];

/**
 * Finds mariadbd or mysqld: in DBBENCH_MYSQL_BINDIR when set (and only there), else PATH and the
 * usual system directories (servers live in sbin, often off a user's PATH).
 */
export async function findMysqlBinaries(): Promise<MysqlBinaries> {
  const forced = process.env[MYSQL_BINDIR_VARIABLE];
  const directories =
    forced !== undefined && forced !== ''
      ? [forced]
      : [...new Set([...pathDirectories(), ...SYSTEM_DIRECTORIES])];
  const server = await findExecutable(['mariadbd', 'mysqld'], directories);
  const versionLine = server === undefined ? undefined : await commandOutput(server, ['--version']);
  if (server === undefined || versionLine === undefined) {
    throw new DatabaseSetupError(
      forced !== undefined && forced !== ''
        ? `${MYSQL_BINDIR_VARIABLE}=${forced} holds no runnable mariadbd or mysqld; point it at the server's directory.`
        : 'No MySQL or MariaDB server binary (mariadbd or mysqld) found on PATH or in /usr/sbin. ' +
          `Install one (apt-get install mariadb-server) or set ${MYSQL_BINDIR_VARIABLE} to its directory.`,
    );
  }
  if (!/mariadb/i.test(versionLine)) return { flavour: 'mysql', server, installDb: undefined, versionLine };
  // The install script sits in bin while the server sits in sbin.
  const installDb = await findExecutable(
    ['mariadb-install-db', 'mysql_install_db'],
    [...new Set([dirname(server), join(dirname(server), '..', 'bin'), ...directories])],
  );
  if (installDb === undefined) {
    throw new DatabaseSetupError(
      `Found ${server} (MariaDB) but not mariadb-install-db to create a data directory with; install the full mariadb-server package.`,
    );
  }
  return { flavour: 'mariadb', server, installDb, versionLine };
}
