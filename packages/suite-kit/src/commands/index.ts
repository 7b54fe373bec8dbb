/**
 * The commands the `dbbench` bin adds to the harness's `run` and `merge`. Adding one is a file in
 * this folder exporting a `defineCommand({ name, description, operands, options, action })` and
 * one entry here.
 */
import type { CliCommand } from '@dbbench/harness';
import { cleanCommand } from './clean-command.js';
import { containersCommand } from './containers-command.js';

/** Every database command, in the order `dbbench --help` lists them. */
export const DATABASE_COMMANDS: readonly CliCommand[] = [containersCommand, cleanCommand];
