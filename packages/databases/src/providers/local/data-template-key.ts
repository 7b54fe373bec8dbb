import { createHash } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import type { SystemAccount } from './system-user.js';

// Bumped when what a template holds, or how it is made, changes: older entries are then left alone.
const TEMPLATE_FORMAT = 1;

/** A binary as the key knows it: where it is and which build sits there. */
export interface BinaryIdentity {
  readonly path: string;
  readonly realPath: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly inode: number;
}

/**
 * Everything that decides what an initialise command (initdb, mariadb-install-db) writes, so two runs
 * share a template only when a fresh initialise would have given both the same directory.
 */
export interface DataTemplateKey {
  readonly format: number;
  readonly engine: string;
  /** The initialise command and the server it sets up for: a package upgrade changes size, mtime or inode. */
  readonly initialise: BinaryIdentity;
  readonly server: BinaryIdentity;
  /** The command line, with the run's own directory replaced by a placeholder. */
  readonly args: readonly string[];
  /** Who owns the files: the server's account, or this process's uid when it runs the server itself. */
  readonly owner: { readonly name: string; readonly uid: number; readonly gid: number };
  /** What initialise reads from the environment: initdb writes the time zone it finds into postgresql.conf. */
  readonly environment: Readonly<Record<string, string>>;
}

/** What {@link dataTemplateKey} is computed from. */
export interface DataTemplateKeyInput {
  readonly engine: string;
  readonly initialiseCommand: string;
  readonly serverCommand: string;
  readonly args: readonly string[];
  readonly account: SystemAccount | undefined;
}

/** The key of the template a set of binaries, arguments and account would produce. */
export async function dataTemplateKey(input: DataTemplateKeyInput): Promise<DataTemplateKey> {
  const [initialise, server, environment] = await Promise.all([
    binaryIdentity(input.initialiseCommand),
    binaryIdentity(input.serverCommand),
    initialiseEnvironment(),
  ]);
  return {
    format: TEMPLATE_FORMAT,
    engine: input.engine,
    initialise,
    server,
    args: input.args,
    owner: input.account ?? {
      name: `uid ${process.getuid?.() ?? 'unknown'}`,
      uid: process.getuid?.() ?? -1,
      gid: process.getgid?.() ?? -1,
    },
    environment,
  };
}

/** The cache entry name for a key: `<engine>-<first 16 hex digits of its SHA-256>`. */
export function dataTemplateName(key: DataTemplateKey): string {
  const digest = createHash('sha256').update(serialisedKey(key)).digest('hex');
  return `${key.engine.replace(/[^A-Za-z0-9_-]+/g, '_')}-${digest.slice(0, 16)}`;
}

/** The key as stored beside a template, compared in full before the template is used. */
export function serialisedKey(key: DataTemplateKey): string {
  return `${JSON.stringify(key, null, 2)}\n`;
}

async function binaryIdentity(path: string): Promise<BinaryIdentity> {
  const [info, realPath] = await Promise.all([stat(path), realpath(path)]);
  return { path, realPath, size: info.size, mtimeMs: info.mtimeMs, inode: info.ino };
}

/**
 * The time zone and locale variables, and the system time zone behind /etc/localtime. dbbench
 * passes its own environment to the initialise command, which may read any of them.
 */
async function initialiseEnvironment(): Promise<Record<string, string>> {
  const environment: Record<string, string> = {};
  for (const name of Object.keys(process.env).sort()) {
    const value = process.env[name];
    if (value !== undefined && (name === 'TZ' || name === 'LANG' || name.startsWith('LC_'))) {
      environment[name] = value;
    }
  }
  environment['/etc/localtime'] = await realpath('/etc/localtime').catch(() => '(none)');
  return environment;
}
