/**
 * `dbbench clean --url <url> [--dry-run]`: the `dbbench_*` work databases the url provider left on a
 * server — a run killed before its watchdog could drop its database (or with the watchdog killed
 * too) — and their removal. Only databases whose name records a run on this host that is gone are
 * dropped; those of a running run, of another host, and any other database are left alone.
 */
import {
  dropOrphanedWorkDatabases,
  listWorkDatabases,
  type FoundWorkDatabase,
  type WorkDatabaseState,
} from '@dbbench/databases';
import { defineCommand } from '@dbbench/harness';
import { withHarnessErrors } from '../harness-errors.js';

/** The `clean` command. */
export const cleanCommand = defineCommand({
  name: 'clean',
  description: 'drop the dbbench_* work databases that killed url-provider runs left on a server',
  options: {
    url: {
      description: 'the server, as for dbbench run --url (postgres://… or mysql://…)',
      value: 'url',
      required: true,
    },
    dryRun: { description: 'only list them; drop nothing' },
  },
  async action({ options, stdout }) {
    const url = String(options['url']);
    const listing = await withHarnessErrors(() => listWorkDatabases(url));
    const dryRun = options['dryRun'] === true;
    const dropped = dryRun
      ? []
      : await withHarnessErrors(() => dropOrphanedWorkDatabases(url, listing.databases));
    stdout.write(formatCleanReport(listing.where, listing.databases, new Set(dropped), dryRun));
    return 0;
  },
});

const STATE_TEXT: Readonly<Record<WorkDatabaseState, string>> = {
  orphaned: 'its run is gone',
  'in-use': 'its run is still running',
  elsewhere: 'of a run on another host',
  unowned: 'its name records no run',
};

/** What `dbbench clean` prints: one line per work database, then one summary line. */
export function formatCleanReport(
  where: string,
  databases: readonly FoundWorkDatabase[],
  dropped: ReadonlySet<string>,
  dryRun: boolean,
): string {
  if (databases.length === 0) return `no dbbench work databases on ${where}\n`;
  const lines = databases.map((database) => {
    const verb = dropped.has(database.name)
      ? 'dropped'
      : dryRun && database.state === 'orphaned'
        ? 'stale  '
        : 'kept   ';
    const pid = database.owner === undefined ? '' : `, pid ${database.owner.pid}`;
    return `${verb} ${database.name} (${STATE_TEXT[database.state]}${pid})`;
  });
  const stale = databases.filter((database) => database.state === 'orphaned').length;
  const summary = dryRun
    ? `${stale} of ${databases.length} dbbench work databases on ${where} are stale; dbbench clean without --dry-run drops them`
    : `dropped ${dropped.size} of ${databases.length} dbbench work databases on ${where}`;
  return `${lines.join('\n')}\n${summary}\n`;
}
