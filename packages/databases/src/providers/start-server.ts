import type { Engine, ProviderName, StartServerOptions, StartedServer } from '../types.js';
import { DatabaseSetupError } from './database-setup-error.js';
import { startMysqlLocalServer } from './mysql-local-provider.js';
import { startMysqlTestcontainersServer } from './mysql-testcontainers-provider.js';
import { startMysqlUrlServer } from './mysql-url-provider.js';
import { startPostgresEmbeddedServer } from './postgres-embedded-provider.js';
import { startPostgresLocalServer } from './postgres-local-provider.js';
import { startPostgresTestcontainersServer } from './postgres-testcontainers-provider.js';
import { startPostgresUrlServer } from './postgres-url-provider.js';
import { PROVIDER_NAMES } from './provider-names.js';
import { redactedErrorMessage } from './redact.js';
import { URL_VARIABLE } from './server-url.js';

type StartProvider = (options: StartServerOptions) => Promise<StartedServer>;

const PROVIDERS: Readonly<Record<Engine, Partial<Record<ProviderName, StartProvider>>>> = {
  postgres: {
    url: startPostgresUrlServer,
    testcontainers: startPostgresTestcontainersServer,
    local: startPostgresLocalServer,
    embedded: startPostgresEmbeddedServer,
  },
  mysql: {
    url: startMysqlUrlServer,
    testcontainers: startMysqlTestcontainersServer,
    local: startMysqlLocalServer,
  },
};

const ENGINE_LABEL: Readonly<Record<Engine, string>> = { postgres: 'PostgreSQL', mysql: 'MySQL' };

/**
 * Obtains a server for `engine`, once, in the parent process; hand `server.connection` to the forks
 * and `server.info` to the report, and stop it at the end (`await using` or `stop()`).
 *
 * With `provider` unset or `auto`: a named server (`options.url`, DBBENCH_POSTGRES_URL /
 * DBBENCH_MYSQL_URL) is used and nothing else is tried; otherwise testcontainers when a container
 * engine answers, else local binaries, else embedded (PostgreSQL only). When nothing works it throws a
 * {@link DatabaseSetupError} listing each provider, why it failed and what would fix it. A named
 * `provider` is tried alone.
 *
 * @example
 * ```ts
 * const server = await startServer('postgres', { suite: 'pooled', minConnections: 70, log: console.error });
 * try {
 *   runForks(server.connection);
 *   report.database = server.info;
 * } finally {
 *   await server.stop();
 * }
 * ```
 */
export async function startServer(engine: Engine, options: StartServerOptions): Promise<StartedServer> {
  const providers = PROVIDERS[engine] as (typeof PROVIDERS)[Engine] | undefined;
  if (providers === undefined) {
    throw new DatabaseSetupError(`Unknown database engine "${String(engine)}"; use postgres or mysql.`);
  }
  const requested = options.provider ?? 'auto';
  if (requested !== 'auto') return startNamedProvider(engine, requested, options);

  const url = options.url ?? process.env[URL_VARIABLE[engine]];
  // A server the user named is the one to measure: falling back to another would measure the wrong one.
  if (url !== undefined && url !== '') return startNamedProvider(engine, 'url', options);

  const failures: string[] = [];
  for (const name of PROVIDER_NAMES) {
    const start = providers[name];
    if (start === undefined) {
      failures.push(`${name}: has no ${ENGINE_LABEL[engine]} server (it ships PostgreSQL only).`);
      continue;
    }
    try {
      const server = await start(options);
      options.log?.(`provider: ${name} (${server.info.redactedUrl})`);
      return server;
    } catch (error) {
      const reason = redactedErrorMessage(error);
      failures.push(`${name}: ${reason}`);
      options.log?.(`provider: ${name} unavailable: ${reason.split('\n')[0] ?? ''}`);
    }
  }
  throw new DatabaseSetupError(
    `No ${ENGINE_LABEL[engine]} server could be obtained. Tried, in order:\n` +
      failures.map((failure) => `  - ${failure.replace(/\n/g, '\n    ')}`).join('\n') +
      `\nFix one of these, or name a server with ${URL_VARIABLE[engine]} or --url.`,
  );
}

async function startNamedProvider(
  engine: Engine,
  name: ProviderName,
  options: StartServerOptions,
): Promise<StartedServer> {
  const start = PROVIDERS[engine][name];
  if (start === undefined) {
    const others = PROVIDER_NAMES.filter((other) => PROVIDERS[engine][other] !== undefined).join(', ');
    throw new DatabaseSetupError(
      PROVIDER_NAMES.includes(name)
        ? `The ${name} provider has no ${ENGINE_LABEL[engine]} server; use one of: ${others}.`
        : `Unknown provider "${String(name)}"; use auto or one of: ${PROVIDER_NAMES.join(', ')}.`,
    );
  }
  try {
    return await start(options);
  } catch (error) {
    if (error instanceof DatabaseSetupError) throw error;
    // Anything else is unexpected, but its message still must not leak a password.
    throw new Error(`The ${name} provider failed: ${redactedErrorMessage(error)}`);
  }
}
