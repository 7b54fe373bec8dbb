import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, waitForProcessExit } from '../../src/providers/local/process-liveness.js';
import type { ServerProcessDetails } from '../../src/providers/started-server-handle.js';

const HOLDER = fileURLToPath(new URL('./fixtures/hold-local-server.mjs', import.meta.url));

/** Starts the holder process and resolves with what it printed once its server is up. */
function startHolder(engine: string): Promise<{ holderPid: number; details: ServerProcessDetails }> {
  return new Promise((resolve, reject) => {
    const holder = spawn(process.execPath, [HOLDER, engine], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    holder.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n') && holder.pid !== undefined) {
        resolve({ holderPid: holder.pid, details: JSON.parse(output) as ServerProcessDetails });
      }
    });
    holder.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    holder.once('exit', (code) => reject(new Error(`holder exited with ${String(code)}: ${errors}`)));
  });
}

for (const engine of ['postgres', 'mysql'] as const) {
  describe(`watchdog (${engine})`, () => {
    it('stops the server and removes its directory within 10 s after the runner is SIGKILLed', async () => {
      const { holderPid, details } = await startHolder(engine);
      expect(isProcessAlive(details.serverPid)).toBe(true);
      expect(existsSync(details.directory)).toBe(true);

      process.kill(holderPid, 'SIGKILL');
      const killedAt = Date.now();
      const serverGone = await waitForProcessExit(details.serverPid, 10_000);
      let directoryGone = !existsSync(details.directory);
      while (!directoryGone && Date.now() - killedAt < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        directoryGone = !existsSync(details.directory);
      }
      expect(serverGone).toBe(true);
      expect(directoryGone).toBe(true);
      expect(await waitForProcessExit(details.watchdogPid, 2000)).toBe(true);
    });
  });
}
