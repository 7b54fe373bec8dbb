import type { ConnectionInfo, Engine } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { REDACTED, redact } from './redact.js';

const SCHEMES: Readonly<Record<Engine, readonly string[]>> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
};
const DEFAULT_PORT: Readonly<Record<Engine, number>> = { postgres: 5432, mysql: 3306 };
const DEFAULT_USER: Readonly<Record<Engine, string>> = { postgres: 'postgres', mysql: 'root' };

/** The environment variable that names a server for each engine. */
export const URL_VARIABLE: Readonly<Record<Engine, string>> = {
  postgres: 'DBBENCH_POSTGRES_URL',
  mysql: 'DBBENCH_MYSQL_URL',
};

/** An example URL for messages that tell the user what to set. */
export const EXAMPLE_URL: Readonly<Record<Engine, string>> = {
  postgres: 'postgres://user:password@127.0.0.1:5432/postgres',
  mysql: 'mysql://root:password@127.0.0.1:3306/mysql',
};

/**
 * Reads a server URL (`postgres://user:password@host:port/database`, `mysql://…`) into connection
 * details. `database` is the one named in the URL (empty when none): the url provider connects there
 * to create its own. Throws {@link DatabaseSetupError} with the URL redacted when it cannot be read.
 */
export function parseServerUrl(engine: Engine, url: string): ConnectionInfo {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseSetupError(
      // Not echoed: text that is not a URL cannot be trusted to show where a password sits.
      `The ${engine} server URL is not a valid URL. Use the form ${EXAMPLE_URL[engine]} ` +
        `(in ${URL_VARIABLE[engine]} or --url).`,
    );
  }
  if (!SCHEMES[engine].includes(parsed.protocol)) {
    throw new DatabaseSetupError(
      `The ${engine} server URL "${redact(url)}" must start with ${SCHEMES[engine].map((s) => `${s}//`).join(' or ')}` +
        ` (for example ${EXAMPLE_URL[engine]}); check ${URL_VARIABLE[engine]} or --url.`,
    );
  }
  if (parsed.hostname === '') {
    throw new DatabaseSetupError(
      `The ${engine} server URL "${redact(url)}" names no host; use the form ${EXAMPLE_URL[engine]}.`,
    );
  }
  return {
    engine,
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? DEFAULT_PORT[engine] : Number(parsed.port),
    user: parsed.username === '' ? DEFAULT_USER[engine] : decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

/**
 * The URL of a connection with its password replaced by `***` (or left out when there is none):
 * what messages and reports show.
 */
export function redactedConnectionUrl(connection: ConnectionInfo): string {
  const scheme = connection.engine === 'postgres' ? 'postgres' : 'mysql';
  const host = connection.host.includes(':') ? `[${connection.host}]` : connection.host;
  const credentials =
    encodeURIComponent(connection.user) + (connection.password === '' ? '' : `:${REDACTED}`);
  return `${scheme}://${credentials}@${host}:${connection.port}/${encodeURIComponent(connection.database)}`;
}
