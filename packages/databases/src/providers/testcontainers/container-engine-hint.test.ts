import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { containerEngineHintPlaces, containerEngineMayExist } from './container-engine-hint.js';

describe('container engine hint', () => {
  it('answers yes for DOCKER_HOST, and for a socket where testcontainers looks', () => {
    expect(containerEngineMayExist({ DOCKER_HOST: 'unix:///nowhere/podman.sock' })).toBe(true);
    const runtimeDir = mkdtempSync(join(tmpdir(), 'dbbench-hint-'));
    try {
      expect(containerEngineHintPlaces({ XDG_RUNTIME_DIR: runtimeDir })).toContain(
        join(runtimeDir, 'docker.sock'),
      );
      writeFileSync(join(runtimeDir, 'docker.sock'), '');
      expect(containerEngineMayExist({ XDG_RUNTIME_DIR: runtimeDir })).toBe(true);
    } finally {
      rmSync(runtimeDir, { recursive: true, force: true });
    }
  });

  it('answers no only when none of the places exists', () => {
    const env = { XDG_RUNTIME_DIR: join(tmpdir(), 'dbbench-hint-missing') };
    const anyExists = containerEngineHintPlaces(env).some((place) => existsSync(place));
    expect(containerEngineMayExist(env)).toBe(anyExists);
  });
});
