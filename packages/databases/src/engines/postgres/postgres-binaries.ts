import { join } from 'node:path';
import { DatabaseSetupError } from '../../errors.js';
import {
  commandOutput,
  isExecutable,
  pathDirectories,
  versionedSubdirectories,
} from '../../providers/local/executable-search.js';

/** Overrides the search with one bin directory holding initdb and postgres. */
export const POSTGRES_BINDIR_VARIABLE = 'DBBENCH_POSTGRES_BINDIR';

/** The PostgreSQL server binaries the local provider runs. */
export interface PostgresBinaries {
  readonly binDir: string;
  readonly initdb: string;
  readonly postgres: string;
}

/**
 * Finds a bin directory with both `initdb` and `postgres`: DBBENCH_POSTGRES_BINDIR when set (and only
 * there), else `pg_config --bindir`, PATH, then /usr/lib/postgresql/<newest>/bin (Debian keeps them off PATH).
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const forced = process.env[POSTGRES_BINDIR_VARIABLE];
  const candidates =
    forced !== undefined && forced !== ''
      ? [forced]
      : [
          await commandOutput('pg_config', ['--bindir']),
          ...pathDirectories(),
          ...(await versionedSubdirectories('/usr/lib/postgresql')).map((dir) => join(dir, 'bin')),
          '/usr/local/pgsql/bin',
        ].filter((dir): dir is string => dir !== undefined && dir !== '');
  for (const binDir of new Set(candidates)) {
    const initdb = join(binDir, 'initdb');
    const postgres = join(binDir, 'postgres');
    if ((await isExecutable(initdb)) && (await isExecutable(postgres))) return { binDir, initdb, postgres };
  }
  throw new DatabaseSetupError(
    forced !== undefined && forced !== ''
      ? `${POSTGRES_BINDIR_VARIABLE}=${forced} holds no initdb and postgres; point it at a PostgreSQL bin directory.`
      : 'No PostgreSQL server binaries (initdb and postgres) found via pg_config, PATH or /usr/lib/postgresql/*/bin. ' +
        `Install them (apt-get install postgresql) or set ${POSTGRES_BINDIR_VARIABLE} to their directory.`,
  );
}
