/** Where a server comes from, in auto-selection order. */
export type ProviderName = 'url' | 'testcontainers' | 'local' | 'embedded';

/** Every provider, in the order auto-selection tries them. */
export const PROVIDER_NAMES: readonly ProviderName[] = ['url', 'testcontainers', 'local', 'embedded'];
