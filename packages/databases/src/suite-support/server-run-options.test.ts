import { describe, expect, it } from 'vitest';
import {
  parseProviderOption,
  parseReuseOption,
  PROVIDER_CHOICES,
  serverOptionFields,
} from './server-run-options.js';

describe('serverOptionFields', () => {
  it('reads the provider from DBBENCH_PROVIDER and the URL from the engine’s own variable', () => {
    expect(serverOptionFields('postgres')).toEqual({
      provider: {
        choices: ['auto', 'url', 'testcontainers', 'local', 'embedded'],
        default: 'auto',
        env: 'DBBENCH_PROVIDER',
      },
      url: { env: 'DBBENCH_POSTGRES_URL' },
      reuse: { default: 'false' },
    });
    expect(serverOptionFields('mysql').url).toEqual({ env: 'DBBENCH_MYSQL_URL' });
  });
});

describe('parseProviderOption', () => {
  it('takes every choice and defaults to auto', () => {
    for (const choice of PROVIDER_CHOICES) expect(parseProviderOption(choice)).toBe(choice);
    expect(parseProviderOption(undefined)).toBe('auto');
  });

  it('rejects an unknown provider as a usage error that lists the choices', () => {
    expect(() => parseProviderOption('docker')).toThrow(
      expect.objectContaining({
        message:
          '--provider docker: unknown provider; choose one of auto, url, testcontainers, local, embedded',
        dbbenchUserError: true,
        usage: true,
      }),
    );
  });
});

describe('parseReuseOption', () => {
  it('is true only for true, false when absent', () => {
    expect(parseReuseOption('true')).toBe(true);
    expect(parseReuseOption('false')).toBe(false);
    expect(parseReuseOption(undefined)).toBe(false);
  });

  it('rejects anything else as a usage error', () => {
    expect(() => parseReuseOption('yes')).toThrow(
      expect.objectContaining({ message: '--reuse yes: expected true or false', usage: true }),
    );
  });
});
