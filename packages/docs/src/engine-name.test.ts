import { describe, expect, it } from 'vitest';
import { productName, releaseOf } from './engine-name.js';

describe('productName', () => {
  it('names the server from its version string, not from the target it ran as', () => {
    expect(productName('10.11.19-MariaDB-0+deb12u1', 'mysql', 'mysql')).toBe('MariaDB');
    expect(
      productName('PostgreSQL 15.20 (Debian 15.20-0+deb12u1) on x86_64-pc-linux-gnu', 'postgres', 'postgres'),
    ).toBe('PostgreSQL');
    // MySQL's version string is a bare number: the engine name decides.
    expect(productName('8.4.3', 'mysql', 'mysql')).toBe('MySQL');
    expect(productName(undefined, undefined, 'sqlite')).toBe('sqlite');
  });

  it('reads the release as major.minor', () => {
    expect(releaseOf('10.11.19-MariaDB-0+deb12u1')).toBe('10.11');
    expect(releaseOf('PostgreSQL 15.20 (Debian 15.20-0+deb12u1)')).toBe('15.20');
    expect(releaseOf(undefined)).toBeUndefined();
  });
});
