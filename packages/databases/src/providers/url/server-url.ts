import type { Engine } from '../../engines/engine.js';
import { DatabaseSetupError } from '../../errors.js';
import type { ConnectionInfo } from '../../types.js';
import { REDACTED, redact } from '../redact.js';

/**
 * Reads a server URL (`postgres://user:password@host:port/database`, `mysql://…`, as the engine's
 * {@link Engine.url} accepts) into connection details. `database` is the one named in the URL (empty
 * when none): the url provider connects there to create its own. Throws {@link DatabaseSetupError}
 * with the URL redacted when it cannot be read.
 */
export function parseServerUrl(engine: Engine, url: string): ConnectionInfo {
  const conventions = engine.url;
  const where = `(in ${conventions.variable} or --url)`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseSetupError(
      // Not echoed: text that is not a URL cannot be trusted to show where a password sits.
      `The ${engine.label} server URL is not a valid URL ${where}. Use the form ${conventions.example}.`,
    );
  }
  if (!conventions.schemes.includes(parsed.protocol)) {
    throw new DatabaseSetupError(
      `The ${engine.label} server URL "${redact(url)}" must start with ` +
        `${conventions.schemes.map((scheme) => `${scheme}//`).join(' or ')} (for example ${conventions.example}); ` +
        `check ${conventions.variable} or --url.`,
    );
  }
  if (parsed.hostname === '') {
    throw new DatabaseSetupError(
      `The ${engine.label} server URL "${redact(url)}" names no host; use the form ${conventions.example}.`,
    );
  }
  const decode = (part: string, name: string): string => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new DatabaseSetupError(
        `The ${engine.label} server URL "${redact(url)}" has a ${name} with broken percent-encoding ${where}; ` +
          'write a literal % as %25.',
      );
    }
  };
  return {
    engine: engine.name,
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? conventions.defaultPort : Number(parsed.port),
    user: parsed.username === '' ? conventions.defaultUser : decode(parsed.username, 'user name'),
    password: decode(parsed.password, 'password'),
    database: decode(parsed.pathname.replace(/^\//, ''), 'database name'),
  };
}

/**
 * The URL of a connection to `engine` with its password replaced by `***` (or left out when there
 * is none): what messages and reports show.
 */
export function redactedConnectionUrl(engine: Engine, connection: ConnectionInfo): string {
  const scheme = engine.url.canonicalScheme;
  const host = connection.host.includes(':') ? `[${connection.host}]` : connection.host;
  const credentials =
    encodeURIComponent(connection.user) + (connection.password === '' ? '' : `:${REDACTED}`);
  return `${scheme}://${credentials}@${host}:${connection.port}/${encodeURIComponent(connection.database)}`;
}
