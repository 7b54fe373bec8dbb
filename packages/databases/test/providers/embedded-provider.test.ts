import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, waitForProcessExit } from '../../src/providers/local/process-liveness.js';
import { startServer } from '../../src/providers/start-server.js';
import { queryRows, uniqueSuite } from './server-queries.js';

describe('embedded provider (postgres)', () => {
  it('starts the packaged PostgreSQL, answers queries, records facts, and leaves nothing after stop', async () => {
    const server = await startServer('postgres', {
      provider: 'embedded',
      suite: uniqueSuite('embedded'),
      minConnections: 40,
    });
    const details = server.process;
    expect(details).toBeDefined();
    if (details === undefined) return;
    try {
      expect(isProcessAlive(details.serverPid)).toBe(true);
      expect(existsSync(details.directory)).toBe(true);
      // Password authentication with a random password, which the handle's JSON hides.
      expect(server.connection.password).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(server)).not.toContain(server.connection.password);
      await expect(queryRows({ ...server.connection, password: 'wrong' }, 'SELECT 1')).rejects.toThrow(
        /password authentication failed/,
      );

      const rows = await queryRows(server.connection, 'SELECT current_database() AS name');
      expect(rows[0]?.['name']).toBe('dbbench');
      expect(server.info.provider).toBe('embedded');
      expect(server.info.version).toMatch(/^PostgreSQL 18\./);
      expect(server.info.settings['max_connections']).toBe('50');
      expect(server.info.settings['fsync']).toBe('on');
    } finally {
      await server.stop();
    }
    expect(isProcessAlive(details.serverPid)).toBe(false);
    expect(existsSync(details.directory)).toBe(false);
    expect(await waitForProcessExit(details.watchdogPid, 5000)).toBe(true);
  });
});
