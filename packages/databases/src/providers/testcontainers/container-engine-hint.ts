/**
 * Whether anything on this machine could lead testcontainers to a container engine, checked without
 * loading testcontainers: importing it and asking for a runtime took ~0.3 s of every run's provider
 * auto-selection here, on a machine with no engine at all, before the local provider started. These
 * are the places testcontainers 11 looks (its runtime strategies): `DOCKER_HOST`, `tc.host` or
 * `docker.host` in ~/.testcontainers.properties, /var/run/docker.sock, and the rootless sockets
 * ($XDG_RUNTIME_DIR/docker.sock, ~/.docker/run/docker.sock, ~/.docker/desktop/docker.sock,
 * /run/user/<uid>/docker.sock). On Windows (named pipes) it always answers yes.
 */
import { existsSync } from 'node:fs';
import { homedir, platform, userInfo } from 'node:os';
import { join } from 'node:path';

/** The paths and variables testcontainers consults, for the message when none exists. */
export function containerEngineHintPlaces(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = homedir();
  const places = [
    join(home, '.testcontainers.properties'),
    '/var/run/docker.sock',
    join(home, '.docker', 'run', 'docker.sock'),
    join(home, '.docker', 'desktop', 'docker.sock'),
    join('/run', 'user', String(userInfo().uid), 'docker.sock'),
  ];
  const runtimeDir = env['XDG_RUNTIME_DIR'];
  if (runtimeDir !== undefined && runtimeDir !== '') places.push(join(runtimeDir, 'docker.sock'));
  return places;
}

/**
 * True when `DOCKER_HOST` is set or one of {@link containerEngineHintPlaces} exists (or on Windows):
 * only then can testcontainers find an engine, so only then is it worth loading.
 */
export function containerEngineMayExist(env: NodeJS.ProcessEnv = process.env): boolean {
  if (platform() === 'win32') return true;
  if (env['DOCKER_HOST'] !== undefined && env['DOCKER_HOST'] !== '') return true;
  return containerEngineHintPlaces(env).some((place) => existsSync(place));
}
