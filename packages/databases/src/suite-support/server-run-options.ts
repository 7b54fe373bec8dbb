/**
 * The command-line options every suite declares to choose its server (`--provider`, `--url`,
 * `--reuse`), as plain data a suite spreads into its own option declarations next to its own
 * descriptions, and the parsing of their values. Knows nothing about the CLI that shows them.
 */
import { PROVIDER_NAMES } from '../providers/provider-names.js';
import { URL_VARIABLE } from '../providers/server-url.js';
import type { Engine, ProviderName } from '../types.js';

/** `--provider` values: `auto` (try each provider in order) or one provider by name. */
export const PROVIDER_CHOICES: readonly ['auto', ...ProviderName[]] = ['auto', ...PROVIDER_NAMES];

/** Environment variable that names the provider when `--provider` is absent. */
export const PROVIDER_VARIABLE = 'DBBENCH_PROVIDER';

/** The fields of a server option a suite declares, apart from its own description. */
export interface ServerOptionFields {
  readonly choices?: readonly string[];
  readonly default?: string;
  readonly env?: string;
}

/**
 * Choices, defaults and environment variables of `--provider`, `--url` and `--reuse` for one engine.
 *
 * @example
 * ```ts
 * const fields = serverOptionFields('postgres');
 * const options = {
 *   provider: { ...fields.provider, description: 'where the database server comes from' },
 *   url: { ...fields.url, description: 'server URL for the url provider' },
 *   reuse: { ...fields.reuse, description: 'keep the testcontainers container for the next run' },
 * };
 * ```
 */
export function serverOptionFields(engine: Engine): {
  readonly provider: ServerOptionFields;
  readonly url: ServerOptionFields;
  readonly reuse: ServerOptionFields;
} {
  return {
    provider: { choices: PROVIDER_CHOICES, default: 'auto', env: PROVIDER_VARIABLE },
    url: { env: URL_VARIABLE[engine] },
    reuse: { default: 'false' },
  };
}

/** A command-line mistake, marked as the harness's `isUsageError` expects (message alone, exit code 2). */
function optionError(message: string): Error {
  return Object.assign(new Error(message), { dbbenchUserError: true as const, usage: true as const });
}

/** `--provider`'s value (absent means `auto`); anything else is a usage error listing the choices. */
export function parseProviderOption(value: string | undefined): ProviderName | 'auto' {
  const provider = value ?? 'auto';
  if (!(PROVIDER_CHOICES as readonly string[]).includes(provider)) {
    throw optionError(
      `--provider ${provider}: unknown provider; choose one of ${PROVIDER_CHOICES.join(', ')}`,
    );
  }
  return provider as ProviderName | 'auto';
}

/** `--reuse`'s value (absent means false); anything but true or false is a usage error. */
export function parseReuseOption(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw optionError(`--reuse ${value}: expected true or false`);
}
