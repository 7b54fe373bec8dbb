import { SETTLE_SETTING } from '../../src/engines/engine.js';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, waitForProcessExit } from '../../src/providers/local/process-liveness.js';
import { startServer } from '../../src/providers/start-server.js';
import type { EngineName as Engine } from '../../src/types.js';
import { queryRows, uniqueSuite } from './server-queries.js';

const EXPECTED_SETTINGS: Record<Engine, string[]> = {
  postgres: ['fsync', 'max_connections', 'shared_buffers', 'synchronous_commit', SETTLE_SETTING].sort(),
  mysql: [
    'innodb_buffer_pool_size',
    'innodb_flush_log_at_trx_commit',
    'max_allowed_packet',
    'max_connections',
    SETTLE_SETTING,
  ].sort(),
};

for (const engine of ['postgres', 'mysql'] as const) {
  describe(`local provider (${engine})`, () => {
    it('starts a server in a temp dir, answers queries, records facts, and leaves nothing after stop', async () => {
      const lines: string[] = [];
      const server = await startServer(engine, {
        provider: 'local',
        suite: uniqueSuite('local'),
        minConnections: 55,
        log: (line) => lines.push(line),
      });
      const details = server.process;
      expect(details).toBeDefined();
      if (details === undefined) return;
      try {
        expect(isProcessAlive(details.serverPid)).toBe(true);
        expect(isProcessAlive(details.watchdogPid)).toBe(true);
        expect(existsSync(details.directory)).toBe(true);
        expect(server.connection).toMatchObject({ engine, host: '127.0.0.1', database: 'dbbench' });

        const rows = await queryRows(server.connection, 'SELECT 40 + 2 AS answer');
        expect(Number(rows[0]?.['answer'])).toBe(42);

        expect(server.info.provider).toBe('local');
        expect(server.info.engine).toBe(engine);
        const [versionRow] = await queryRows(server.connection, 'SELECT version() AS version');
        expect(server.info.version).toBe(versionRow?.['version']);
        expect(Object.keys(server.info.settings).sort()).toEqual(EXPECTED_SETTINGS[engine]);
        // minConnections plus the admin headroom.
        expect(server.info.settings['max_connections']).toBe('65');
        expect(server.info.redactedUrl).toBe(
          `${engine}://${server.connection.user}@127.0.0.1:${server.connection.port}/dbbench`,
        );
        expect(lines.join('\n')).toContain(details.directory);
      } finally {
        await server.stop();
      }
      expect(isProcessAlive(details.serverPid)).toBe(false);
      expect(existsSync(details.directory)).toBe(false);
      // The dismissed watchdog exits on its own SIGTERM.
      expect(await waitForProcessExit(details.watchdogPid, 5000)).toBe(true);
      // A second stop is harmless.
      await server.stop();
    });
  });
}
