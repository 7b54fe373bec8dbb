import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  defaultCacheRoot,
  makeTraversableDirectory,
  untraversableDirectory,
  untrustedDirectoryReason,
} from '../cache-root.js';
import { isProcessAlive } from './process-liveness.js';
import { serialisedKey, type DataTemplateKey } from './data-template-key.js';
import type { SystemAccount } from './system-user.js';

// Stored beside the data in each entry, written last before the rename: an entry without it (filled by
// hand, or by an older dbbench) or with another key's text is never used.
const KEY_FILE = 'template-key.json';
const FILLING_INFIX = '.filling-';

/** Where the local provider keeps its templates: `local-templates/` in dbbench's per-user cache root. */
export function defaultDataTemplateDirectory(): string {
  return join(defaultCacheRoot(), 'local-templates');
}

/** Why no template could be used; the caller initialises a fresh data directory instead. */
export class DataTemplateUnavailable extends Error {
  override readonly name = 'DataTemplateUnavailable';
}

/** One complete, trusted template: the initialised data directory to copy and nothing else. */
export interface DataTemplate {
  /** The entry directory, `<templates>/<engine>-<hash>`: private to this user (0700). */
  readonly entry: string;
  /** The pristine data directory inside it; never started, never written after the rename. */
  readonly dataDir: string;
  /**
   * `initialised` by this call; `found` complete; `raced`: this call initialised one too, but a
   * concurrent run renamed its own into place first, so this one was discarded.
   */
  readonly origin: 'found' | 'initialised' | 'raced';
}

/** What {@link obtainDataTemplate} needs: where, which key, and how to initialise into a directory. */
export interface DataTemplateRequest {
  /** The directory that holds the entries (its parent is created 0755 too when absent). */
  readonly templates: string;
  readonly key: DataTemplateKey;
  /** The entry's name for this key (`dataTemplateName(key)`). */
  readonly name: string;
  /** The data directory's path relative to the directory initialise is given (`data`). */
  readonly dataPath: string;
  /** The server's account, which runs initialise and so must reach the directory being filled. */
  readonly account: SystemAccount | undefined;
  /** Runs the initialise command into a server directory (owned by `account`, as a run's would be). */
  initialise(directory: string): Promise<void>;
}

/**
 * The template for `request.key`, initialising it first when there is none. The template is
 * initialised into a private directory beside its entry and renamed into place only after the
 * command succeeded, so a crash never leaves a partial entry and two runs filling one key at once
 * end with one complete entry (the loser discards its copy and uses the winner's). Throws
 * {@link DataTemplateUnavailable} when the cache cannot be trusted or filled; nothing it made is left.
 */
export async function obtainDataTemplate(request: DataTemplateRequest): Promise<DataTemplate> {
  const { templates, name } = request;
  const entry = join(templates, name);
  try {
    await makeTraversableDirectory(templates);
  } catch (error) {
    throw new DataTemplateUnavailable(`cannot create ${templates}: ${firstLine(error)}`);
  }
  for (const directory of [join(templates, '..'), templates]) {
    const reason = await untrustedDirectoryReason(directory);
    if (reason !== undefined) throw new DataTemplateUnavailable(reason);
  }
  if (await exists(entry)) return { ...(await trustedTemplate(request, entry)), origin: 'found' };

  const blocked = await untraversableDirectory(templates, request.account);
  if (blocked !== undefined) {
    throw new DataTemplateUnavailable(
      `the ${request.account?.name ?? ''} account cannot traverse ${blocked}`,
    );
  }
  await removeAbandonedFillings(templates, name);
  const filling = `${entry}${FILLING_INFIX}${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(filling, { mode: 0o700 });
    if (request.account !== undefined) await chown(filling, request.account.uid, request.account.gid);
    await request.initialise(filling).catch((error: unknown) => {
      throw new DataTemplateUnavailable(`initialising ${filling} failed: ${firstLine(error)}`, {
        cause: error,
      });
    });
    // Back to this user and 0700: from here on no other account (the server's included) can reach
    // the data, so no server can start from it or write to it; runs only copy it.
    await chown(filling, process.getuid?.() ?? -1, process.getgid?.() ?? -1);
    await chmod(filling, 0o700);
    await writeFile(join(filling, KEY_FILE), serialisedKey(request.key), { mode: 0o600 });
    const won = await rename(filling, entry).then(
      () => true,
      (error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
        throw error;
      },
    );
    return { ...(await trustedTemplate(request, entry)), origin: won ? 'initialised' : 'raced' };
  } catch (error) {
    if (error instanceof DataTemplateUnavailable) throw error;
    throw new DataTemplateUnavailable(`could not fill ${entry}: ${firstLine(error)}`);
  } finally {
    // After a successful rename there is nothing left here; after anything else, the discarded copy.
    await rm(filling, { recursive: true, force: true });
  }
}

/**
 * Checks an existing entry before anything is copied from it: private to this user (so no other
 * account could have changed it since), written for exactly this key, its data owned by the key's owner.
 */
async function trustedTemplate(
  request: DataTemplateRequest,
  entry: string,
): Promise<Omit<DataTemplate, 'origin'>> {
  const reason = await untrustedDirectoryReason(entry);
  if (reason !== undefined) throw new DataTemplateUnavailable(reason);
  const info = await lstat(entry);
  if ((info.mode & 0o077) !== 0) {
    throw new DataTemplateUnavailable(
      `${entry} is open to other users (mode ${(info.mode & 0o777).toString(8)})`,
    );
  }
  const storedKey = await readFile(join(entry, KEY_FILE), 'utf8').catch(() => undefined);
  if (storedKey !== serialisedKey(request.key)) {
    throw new DataTemplateUnavailable(
      `${entry} holds no template for this key (${KEY_FILE} missing or different)`,
    );
  }
  const dataDir = join(entry, request.dataPath);
  const data = await lstat(dataDir).catch(() => undefined);
  if (data?.isDirectory() !== true || data.uid !== request.key.owner.uid) {
    throw new DataTemplateUnavailable(`${dataDir} is missing or not owned by ${request.key.owner.name}`);
  }
  return { entry, dataDir };
}

/** Removes fillings of this entry whose run died mid-initialise (their pid is gone): they are never used. */
async function removeAbandonedFillings(templates: string, name: string): Promise<void> {
  const prefix = `${name}${FILLING_INFIX}`;
  for (const sibling of await readdir(templates)) {
    if (!sibling.startsWith(prefix)) continue;
    const pid = Number.parseInt(sibling.slice(prefix.length), 10);
    if (Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) {
      await rm(join(templates, sibling), { recursive: true, force: true });
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
