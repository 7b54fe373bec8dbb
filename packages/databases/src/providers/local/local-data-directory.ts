import { writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative } from 'node:path';
import {
  DataTemplateUnavailable,
  defaultDataTemplateDirectory,
  obtainDataTemplate,
  type DataTemplate,
} from './data-template-cache.js';
import { copyDataTemplate } from './data-template-copy.js';
import { dataTemplateKey, dataTemplateName } from './data-template-key.js';
import type { LocalServerEngine, LocalServerLayout } from '../../engines/engine.js';
import { ToolStartFailure } from '../start-failure-log.js';
import { runSetupCommand } from './server-process.js';

/** Set to `0` (or `off`, `false`, `no`) to initialise a fresh data directory for every local server. */
export const LOCAL_TEMPLATE_VARIABLE = 'DBBENCH_LOCAL_TEMPLATE';

// Stands in for a run's own directory in the template key: the same command line for every run.
const RUN_DIRECTORY_PLACEHOLDER = '/<run-directory>';

/** Where the local provider keeps its data directory templates. */
export interface DataTemplateOptions {
  /** The directory holding the entries; {@link defaultDataTemplateDirectory} unless given (tests). */
  readonly templates?: string;
}

/** One run's data directory to create, and how to tell the user. */
export interface DataDirectoryRequest {
  readonly engine: string;
  readonly spec: LocalServerEngine;
  /** The run's own server directory and its layout. */
  readonly directory: string;
  readonly layout: LocalServerLayout;
  readonly log: ((line: string) => void) | undefined;
  readonly options: DataTemplateOptions;
}

/**
 * Creates the run's data directory as a copy of a template: the engine's initialise command
 * (initdb, mariadb-install-db) runs once per key into dbbench's per-user cache, and every run after
 * copies that pristine directory (see `data-template-cache.ts`). The server starts from the copy
 * with the same arguments as ever; the template itself is never started and never written to.
 *
 * Measured on the 2-core dev machine (provider start to ready, median of 5, fresh and template runs
 * interleaved): PostgreSQL 15 1561 ms fresh → 843 ms from a template, MariaDB 10.11 1560 ms → 520 ms
 * (with other work running: 2262 → 1355 ms, 2383 → 759 ms). What remains is the server's own start,
 * the `dbbench` database and the copy (`cp -a` of PostgreSQL's 39 MB in 992 files: ~0.1 s idle,
 * ~0.35 s loaded).
 *
 * Falls back to a fresh initialise, in one log line saying why, when the variable
 * {@link LOCAL_TEMPLATE_VARIABLE} is `0`, when the cache cannot be trusted (another owner, writable
 * by others) or filled, or when the copy fails.
 */
export async function createDataDirectory(request: DataDirectoryRequest): Promise<void> {
  const { engine, spec, directory, layout, log } = request;
  const { initialise } = layout;
  const logPath = join(directory, initialise.logFile);
  const initialiseFresh = (): Promise<void> =>
    runSetupCommand(initialise.command, initialise.args, { account: spec.account, logPath });

  const setting = process.env[LOCAL_TEMPLATE_VARIABLE];
  if (setting !== undefined && /^(0|off|false|no)$/i.test(setting.trim())) {
    log?.(`local: ${LOCAL_TEMPLATE_VARIABLE}=${setting}: initialising a fresh ${engine} data directory`);
    return initialiseFresh();
  }
  const dataPath = relative(directory, initialise.dataDir);
  // A layout whose data lies outside its directory cannot be carried by a template.
  if (dataPath === '' || dataPath.startsWith('..') || isAbsolute(dataPath)) return initialiseFresh();

  let template: DataTemplate;
  try {
    template = await templateFor(request, dataPath);
  } catch (error) {
    if (error instanceof DataTemplateUnavailable && error.cause instanceof ToolStartFailure) {
      // The tool itself failed: a fresh directory runs the same command. If that fails too, its error
      // speaks for both (three lines, its log kept) and a line here would only bury it; if it works
      // (a run initialising beside another one, say), the log says how this run got its directory.
      const fresh = await initialiseFresh();
      log?.(`local: no ${engine} data directory template (its initialise failed); initialised a fresh one`);
      return fresh;
    }
    log?.(`local: no ${engine} data directory template (${reasonOf(error)}); initialising a fresh one`);
    return initialiseFresh();
  }
  try {
    await copyDataTemplate(template, initialise.dataDir);
  } catch (error) {
    log?.(
      `local: copying the ${engine} data directory template ${template.entry} failed (${reasonOf(error)}); initialising a fresh one`,
    );
    return initialiseFresh();
  }
  await writeFile(
    logPath,
    `${initialise.dataDir} is a copy of ${template.dataDir}; ${basename(initialise.command)}'s output is in ${template.entry}\n`,
  );
  const how = {
    found: 'copied from the template',
    initialised: 'initialised once into the template',
    raced: 'copied from the template another run initialised at the same time,',
  }[template.origin];
  log?.(`local: ${engine} data directory ${how} ${template.entry}`);
}

/** The template for this run's binaries, arguments and account, initialised first when there is none. */
async function templateFor(request: DataDirectoryRequest, dataPath: string): Promise<DataTemplate> {
  const { engine, spec, layout } = request;
  const account = spec.account;
  const key = await dataTemplateKey({
    engine,
    initialiseCommand: layout.initialise.command,
    serverCommand: layout.command,
    args: spec.layout(RUN_DIRECTORY_PLACEHOLDER).initialise.args,
    account,
  });
  return obtainDataTemplate({
    templates: request.options.templates ?? defaultDataTemplateDirectory(),
    key,
    name: dataTemplateName(key),
    dataPath,
    account,
    initialise: (filling) => {
      const { command, args, logFile } = spec.layout(filling).initialise;
      return runSetupCommand(command, args, { account, logPath: join(filling, logFile) });
    },
  });
}

function reasonOf(error: unknown): string {
  const message =
    error instanceof DataTemplateUnavailable || error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
