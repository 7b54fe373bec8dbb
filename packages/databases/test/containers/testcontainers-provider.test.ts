/**
 * The testcontainers provider on a real container engine (Docker, or Podman through its Docker API):
 * it starts each engine's image, records what a report needs, and leaves nothing behind — neither
 * after a normal stop nor after its runner is SIGKILLed. Skipped, saying why, when no engine answers
 * (unless DBBENCH_CONTAINER_TESTS=required).
 */
import { SETTLE_SETTING } from '../../src/engines/engine.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../src/engines/registry.js';
import { waitForProcessExit } from '../../src/providers/local/process-liveness.js';
import { serverMaxConnections } from '../../src/providers/server-defaults.js';
import type { ServerContainerDetails } from '../../src/providers/started-server-handle.js';
import { startServer } from '../../src/providers/start-server.js';
import { ryukDisabled } from '../../src/providers/testcontainers/container-engine.js';
import { containerImage } from '../../src/providers/testcontainers/container-image.js';
import { runLabelFilter } from '../../src/providers/testcontainers/container-labels.js';
import { listLabelledContainers } from '../../src/providers/testcontainers/labelled-containers.js';
import { queryRows, uniqueSuite } from '../providers/server-queries.js';
import {
  buildImageWithVolume,
  conmonProcessesOf,
  containerEngineMissing,
  containerExists,
  eventually,
  removeImage,
  volumeExists,
  volumesOf,
} from './container-checks.js';

const HOLDER = fileURLToPath(new URL('./fixtures/hold-container-server.mjs', import.meta.url));
const skipReason = await containerEngineMissing();
if (skipReason !== undefined) console.warn(`testcontainers provider tests skipped: ${skipReason}`);
// dbbench's watchdog acts within a second of the runner's death; Ryuk waits its reconnection timeout (10 s).
const REMOVAL_BOUND_MS = ryukDisabled() ? 15_000 : 30_000;
// Start-to-ready alone took 5–17 s on a loaded 2-core machine.
const START_TIMEOUT_MS = 180_000;

/** Starts the holder process and resolves with its container once the server is up. */
function startHolder(engine: string): Promise<{ holderPid: number; container: ServerContainerDetails }> {
  return new Promise((resolve, reject) => {
    const holder = spawn(process.execPath, [HOLDER, engine], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    holder.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n') && holder.pid !== undefined) {
        resolve({ holderPid: holder.pid, container: JSON.parse(output) as ServerContainerDetails });
      }
    });
    holder.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    holder.once('exit', (code) => reject(new Error(`holder exited with ${String(code)}: ${errors}`)));
  });
}

describe.skipIf(skipReason !== undefined)(
  `testcontainers provider${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    for (const engine of Object.values(ENGINES)) {
      const image = containerImage(engine.container, undefined);

      it(
        `starts ${engine.label} from ${image}, records image, version and settings, and leaves no container, volume or conmon after stop`,
        async () => {
          const minConnections = 40;
          const lines: string[] = [];
          const server = await startServer(engine.name, {
            provider: 'testcontainers',
            suite: uniqueSuite('tc'),
            minConnections,
            log: (line) => lines.push(line),
          });
          const container = server.container;
          let volumes: string[] = [];
          try {
            expect(server.info.provider).toBe('testcontainers');
            expect(server.info.image).toBe(image);
            expect(server.info.product).toBe(engine.facts.productName(server.info.version));
            expect(server.info.product).toMatch(/^(PostgreSQL|MySQL|MariaDB) \d+\.\d+/);
            expect(Object.keys(server.info.settings).sort()).toEqual(
              [...engine.facts.recordedSettings, SETTLE_SETTING].sort(),
            );
            expect(server.info.settings['max_connections']).toBe(
              String(serverMaxConnections(minConnections)),
            );
            expect(server.connection.database).toMatch(/^dbbench_providers_tc_/);
            expect(await queryRows(server.connection, 'SELECT 1 AS one')).toHaveLength(1);
            expect(JSON.stringify(server)).not.toContain(server.connection.password);

            expect(container?.image).toBe(image);
            expect(container?.runId).toMatch(/^[0-9a-f]{16}$/);
            // Without Ryuk, dbbench's watchdog guards the run's containers; with Ryuk, Ryuk does.
            if (ryukDisabled()) expect(container?.watchdogPid).toBeGreaterThan(0);
            else expect(container?.watchdogPid).toBeUndefined();
            const labelled = await listLabelledContainers(runLabelFilter(container?.runId ?? ''));
            expect(labelled.map((found) => found.id)).toEqual([container?.containerId]);
            expect(labelled[0]?.labels).toMatchObject({
              'dev.dbbench': 'true',
              'dev.dbbench.engine': engine.name,
            });
            volumes = await volumesOf(container?.containerId ?? '');
            expect(lines.some((line) => line.startsWith(`testcontainers: starting ${image}`))).toBe(true);
          } finally {
            await server.stop();
          }
          const id = container?.containerId ?? '';
          expect(await containerExists(id)).toBe(false);
          for (const volume of volumes) expect(await volumeExists(volume), `volume ${volume}`).toBe(false);
          // conmon exits with its container; give the engine a moment to reap it.
          expect(await eventually(() => conmonProcessesOf(id).length === 0, 5000)).toBe(true);
          if (container?.watchdogPid !== undefined) {
            expect(await waitForProcessExit(container.watchdogPid, 2000)).toBe(true);
          }
        },
        START_TIMEOUT_MS,
      );

      it(
        `removes the anonymous volumes a ${engine.label} image declares, with the container`,
        async () => {
          const withVolume = `localhost/dbbench-test/${engine.name}-volume:${process.pid}`;
          await buildImageWithVolume(image, withVolume);
          try {
            const server = await startServer(engine.name, {
              provider: 'testcontainers',
              suite: uniqueSuite('tc_volume'),
              image: withVolume,
            });
            let volumes: string[] = [];
            try {
              expect(server.info.image).toBe(withVolume);
              volumes = await volumesOf(server.container?.containerId ?? '');
              expect(volumes.length).toBeGreaterThan(0);
            } finally {
              await server.stop();
            }
            for (const volume of volumes) expect(await volumeExists(volume), `volume ${volume}`).toBe(false);
          } finally {
            await removeImage(withVolume);
          }
        },
        START_TIMEOUT_MS,
      );

      it(
        `removes the ${engine.label} container of a SIGKILLed runner within ${REMOVAL_BOUND_MS / 1000} s`,
        async () => {
          const { holderPid, container } = await startHolder(engine.name);
          expect(await containerExists(container.containerId)).toBe(true);
          const volumes = await volumesOf(container.containerId);

          process.kill(holderPid, 'SIGKILL');
          const killedAt = Date.now();
          const gone = await eventually(
            async () => !(await containerExists(container.containerId)),
            REMOVAL_BOUND_MS,
          );
          const elapsedMs = Date.now() - killedAt;
          expect(gone, `container still there ${elapsedMs} ms after the SIGKILL`).toBe(true);
          expect(await listLabelledContainers(runLabelFilter(container.runId ?? ''))).toEqual([]);
          for (const volume of volumes) expect(await volumeExists(volume), `volume ${volume}`).toBe(false);
          expect(await eventually(() => conmonProcessesOf(container.containerId).length === 0, 5000)).toBe(
            true,
          );
          if (container.watchdogPid !== undefined) {
            expect(await waitForProcessExit(container.watchdogPid, 5000)).toBe(true);
          }
          process.stdout.write(
            `SIGKILL clean-up (${engine.label}): container gone ${elapsedMs} ms after the kill\n`,
          );
        },
        START_TIMEOUT_MS,
      );
    }
  },
);
