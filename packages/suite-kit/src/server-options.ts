/**
 * The command-line options every database suite declares to choose its server (`--provider`,
 * `--url`, `--image`, `--reuse`), and the parsing of their values. Declared in the parent from the
 * engine name a suite module was made for, before any pool exists: an entry point, so it looks the
 * engine up by name.
 */
import {
  engineNamed,
  PROVIDER_NAMES,
  providersFor,
  type EngineName,
  type ProviderName,
} from '@dbbench/databases';
import { usageError, type SuiteOption } from '@dbbench/harness';

/** Environment variable that names the provider when `--provider` is absent. */
export const PROVIDER_VARIABLE = 'DBBENCH_PROVIDER';

/** `--provider` values for an engine: `auto` or one of the providers that can serve it. */
export function providerChoices(engine: EngineName): readonly ['auto', ...ProviderName[]] {
  return ['auto', ...providersFor(engineNamed(engine))];
}

/**
 * The server options of a suite on `engine`: `--provider` (only the providers that can serve the
 * engine: no `embedded` on MySQL), `--url` (the engine's URL variable), `--image` (the engine's image
 * variable), `--reuse`.
 */
export function serverOptions(engine: EngineName): Readonly<Record<string, SuiteOption>> {
  const { url, container } = engineNamed(engine);
  return {
    provider: {
      description: 'where the database server comes from (auto tries each in turn)',
      choices: providerChoices(engine),
      default: 'auto',
      env: PROVIDER_VARIABLE,
    },
    url: {
      description: `server URL for the url provider, e.g. ${url.example}`,
      env: url.variable,
    },
    image: {
      description: `container image for the testcontainers provider (default ${container.defaultImage})`,
      env: container.imageVariable,
    },
    reuse: {
      description: 'keep the testcontainers container for the next run (dbbench containers --rm removes it)',
      choices: ['true', 'false'],
      default: 'false',
    },
  };
}

/** `--provider`'s value (absent means `auto`); anything else is a usage error listing the choices. */
export function parseProviderOption(engine: EngineName, value: string | undefined): ProviderName | 'auto' {
  const provider = value ?? 'auto';
  const choices: readonly string[] = providerChoices(engine);
  if (!choices.includes(provider)) {
    const known = (PROVIDER_NAMES as readonly string[]).includes(provider);
    throw usageError(
      `--provider ${provider}: ${known ? `has no ${engineNamed(engine).label} server` : 'unknown provider'}; ` +
        `choose one of ${choices.join(', ')}`,
    );
  }
  return provider as ProviderName | 'auto';
}

/** `--reuse`'s value (absent means false); anything but true or false is a usage error. */
export function parseReuseOption(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw usageError(`--reuse ${value}: expected true or false`);
}
