import type { ProviderName } from '../types.js';

/** Every provider, in the order auto-selection tries them. */
export const PROVIDER_NAMES: readonly ProviderName[] = ['url', 'testcontainers', 'local', 'embedded'];
