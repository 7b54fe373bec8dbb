/**
 * Which image a container starts from, and when it is ready. The engine names its official image and
 * the variable that overrides it; `--image` overrides both. An image may declare its own ready line
 * through labels, because only the image knows how its entrypoint logs: the official images run a
 * temporary server first (two ready lines on PostgreSQL), a leaner image may print one.
 */
import type { ContainerRuntimeClient } from 'testcontainers';
import type { EngineContainer } from '../../engines/engine.js';
import { DatabaseSetupError } from '../../errors.js';
import { redactedErrorMessage } from '../redact.js';
import type { ReadyLog } from './container-plan.js';

/** A regular expression that matches the image's ready line (one log line). */
export const READY_LOG_LABEL = 'dev.dbbench.ready-log';
/** How many times that line appears before the server is really ready, e.g. `1`. */
export const READY_LOG_COUNT_LABEL = 'dev.dbbench.ready-log-count';

/** The image to start: `--image`, else the engine's image variable, else the engine's official image. */
export function containerImage(
  container: Pick<EngineContainer, 'defaultImage' | 'imageVariable'>,
  requested: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  for (const candidate of [requested, env[container.imageVariable]]) {
    const image = candidate?.trim();
    if (image !== undefined && image !== '') return image;
  }
  return container.defaultImage;
}

/**
 * The readiness an image declares with {@link READY_LOG_LABEL} and {@link READY_LOG_COUNT_LABEL},
 * each replacing the engine's `fallback` part; a label that cannot be used is a
 * {@link DatabaseSetupError} naming the image.
 */
export function declaredReadiness(
  image: string,
  labels: Readonly<Record<string, string>>,
  fallback: ReadyLog,
): ReadyLog {
  const pattern = labels[READY_LOG_LABEL];
  const count = labels[READY_LOG_COUNT_LABEL];
  let readyLog = fallback;
  if (pattern !== undefined && pattern !== '') {
    try {
      readyLog = { ...readyLog, pattern: new RegExp(pattern) };
    } catch (error) {
      throw new DatabaseSetupError(
        `The image ${image} declares ${READY_LOG_LABEL}=${pattern}, which is not a regular expression (${redactedErrorMessage(error)}). Fix the label or use another image.`,
      );
    }
  }
  if (count !== undefined && count !== '') {
    const times = Number(count);
    if (!Number.isSafeInteger(times) || times < 1) {
      throw new DatabaseSetupError(
        `The image ${image} declares ${READY_LOG_COUNT_LABEL}=${count}; expected a whole number of at least 1.`,
      );
    }
    readyLog = { ...readyLog, times };
  }
  return readyLog;
}

/**
 * Makes sure the container engine has `image` (pulling it when missing, as testcontainers would at
 * start) and returns its labels. Pulling first lets the image's labels shape the wait, and turns an
 * image that is neither present nor pullable into one clear line instead of a create-time error.
 */
export async function imageLabels(
  runtime: ContainerRuntimeClient,
  image: string,
  variable: string,
  log?: (message: string) => void,
): Promise<Record<string, string>> {
  const { ImageName } = await import('testcontainers');
  const name = ImageName.fromString(image);
  try {
    // A first pull can take minutes: say so rather than sit silent.
    if (!(await runtime.image.exists(name))) log?.(`testcontainers: pulling ${image}`);
    await runtime.image.pull(name);
    const inspected = await runtime.image.inspect(name);
    return { ...(inspected.Config?.Labels ?? {}) };
  } catch (error) {
    throw new DatabaseSetupError(
      `The container engine has no image ${image} and could not pull it (${redactedErrorMessage(error)}). ` +
        `Check the name and the registry access, or name an image it has with ${variable} or --image ` +
        '(scripts/container-engine.sh builds local ones).',
    );
  }
}
