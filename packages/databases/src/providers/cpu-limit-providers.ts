/**
 * Which providers can limit a server's CPUs, and the one-line refusal for the others: a server
 * dbbench did not start (url) is not its to throttle, and an embedded server runs where dbbench
 * cannot put it in a cgroup of its own.
 */
import type { ProviderName } from './provider-names.js';

/** Providers whose servers dbbench can give a CPU quota, in auto-selection order. */
export const CPU_LIMIT_PROVIDERS: readonly ProviderName[] = ['testcontainers', 'local'];

/** Why `provider` cannot limit the server's CPUs; undefined when it can. */
export function cpuLimitRefusal(provider: ProviderName): string | undefined {
  if (CPU_LIMIT_PROVIDERS.includes(provider)) return undefined;
  const why =
    provider === 'url'
      ? 'the url provider measures a server dbbench did not start, so it cannot set its CPU quota'
      : `the ${provider} provider cannot set its server's CPU quota`;
  return `${why}; limit CPUs with --provider ${CPU_LIMIT_PROVIDERS.join(' or --provider ')}`;
}
