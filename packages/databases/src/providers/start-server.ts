import type { Engine } from '../engines/engine.js';
import { engineNamed, ENGINE_NAMES } from '../engines/registry.js';
import { DatabaseSetupError } from '../errors.js';
import type { EngineName, ProviderName, StartServerOptions } from '../types.js';
import { startEmbeddedServer } from './embedded/embedded-server.js';
import { startLocalServer } from './local/local-server.js';
import { PROVIDER_NAMES } from './provider-names.js';
import { redactedErrorMessage } from './redact.js';
import type { StartedServerHandle } from './started-server-handle.js';
import { startTestcontainersServer } from './testcontainers/testcontainers-server.js';
import { startUrlServer } from './url/url-server.js';

type StartProvider = (engine: Engine, options: StartServerOptions) => Promise<StartedServerHandle>;

/** Every provider's start flow; each asks the engine for what differs. */
const PROVIDERS: Readonly<Record<ProviderName, StartProvider>> = {
  url: startUrlServer,
  testcontainers: startTestcontainersServer,
  local: startLocalServer,
  embedded: startEmbeddedServer,
};

/** The providers that can serve an engine at all (embedded only where the engine ships one). */
export function providersFor(engine: Engine): readonly ProviderName[] {
  return PROVIDER_NAMES.filter((name) => name !== 'embedded' || !('unavailable' in engine.embedded));
}

/**
 * Obtains a server for `engineName`, once, in the parent process; hand `server.connection` to the
 * forks and `server.info` to the report, and stop it at the end (`await using` or `stop()`).
 *
 * With `provider` unset or `auto`: a named server (`options.url`, or the engine's URL variable such
 * as DBBENCH_POSTGRES_URL) is used and nothing else is tried; otherwise testcontainers when a
 * container engine answers, else local binaries, else embedded (where the engine ships one). When
 * nothing works it throws a {@link DatabaseSetupError} listing each provider, why it failed and what
 * would fix it. A named `provider` is tried alone.
 *
 * @example
 * ```ts
 * await using server = await startServer('postgres', { suite: 'pooled', minConnections: 70, log: console.error });
 * runForks(server.connection);
 * report.database = server.info;
 * ```
 */
export async function startServer(
  engineName: EngineName,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  let engine: Engine;
  try {
    engine = engineNamed(engineName);
  } catch {
    throw new DatabaseSetupError(
      `Unknown database engine "${engineName}"; use one of: ${ENGINE_NAMES.join(', ')}.`,
    );
  }
  const requested = options.provider ?? 'auto';
  if (requested !== 'auto') return startNamedProvider(engine, requested, options);

  const url = options.url ?? process.env[engine.url.variable];
  // A server the user named is the one to measure: falling back to another would measure the wrong one.
  if (url !== undefined && url !== '') return startNamedProvider(engine, 'url', options);

  const available = providersFor(engine);
  const failures: string[] = [];
  for (const name of PROVIDER_NAMES) {
    if (!available.includes(name)) {
      failures.push(`${name}: ${unavailable(engine, name)}.`);
      continue;
    }
    try {
      const server = await PROVIDERS[name](engine, options);
      options.log?.(`provider: ${name} (${server.info.redactedUrl})`);
      return server;
    } catch (error) {
      const reason = redactedErrorMessage(error);
      failures.push(`${name}: ${reason}`);
      options.log?.(`provider: ${name} unavailable: ${reason.split('\n')[0] ?? ''}`);
    }
  }
  throw new DatabaseSetupError(
    `No ${engine.label} server could be obtained. Tried, in order:\n` +
      failures.map((failure) => `  - ${failure.replace(/\n/g, '\n    ')}`).join('\n') +
      `\nFix one of these, or name a server with ${engine.url.variable} or --url.`,
  );
}

/** Why a provider cannot serve an engine, e.g. `has no MySQL server (no MySQL … ships as an npm package)`. */
function unavailable(engine: Engine, name: ProviderName): string {
  const reason =
    name === 'embedded' && 'unavailable' in engine.embedded ? ` (${engine.embedded.unavailable})` : '';
  return `has no ${engine.label} server${reason}`;
}

async function startNamedProvider(
  engine: Engine,
  name: ProviderName,
  options: StartServerOptions,
): Promise<StartedServerHandle> {
  if (!PROVIDER_NAMES.includes(name)) {
    throw new DatabaseSetupError(
      `Unknown provider "${String(name)}"; use auto or one of: ${PROVIDER_NAMES.join(', ')}.`,
    );
  }
  const available = providersFor(engine);
  if (!available.includes(name)) {
    throw new DatabaseSetupError(
      `The ${name} provider ${unavailable(engine, name)}; use one of: ${available.join(', ')}.`,
    );
  }
  try {
    return await PROVIDERS[name](engine, options);
  } catch (error) {
    if (error instanceof DatabaseSetupError) throw error;
    // Anything else is unexpected, but its message still must not leak a password.
    throw new Error(`The ${name} provider failed: ${redactedErrorMessage(error)}`);
  }
}
