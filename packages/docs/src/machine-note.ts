/**
 * The caveat under the answers: where the client and the server shared a machine, they competed for
 * its cores, so more parallelism on the client adds work for the same cores rather than capacity.
 * On this repository's 2-core machine that is why the partition and pool answers come out flat;
 * a reader who skips it would take them for a property of the databases.
 */
import { compareStrings, listSentence } from './format.js';
import { databaseRunInfo } from './environment.js';
import type { DbbenchReportFile } from './report-file.js';

// Providers that start the server on the machine that runs the client.
const SAME_MACHINE_PROVIDERS = new Set(['local', 'embedded', 'testcontainers']);

/**
 * One paragraph naming, per machine, the servers that shared it with the Node.js client (cores, CPU,
 * provider), and what that means for the answers; null when no report ran its server on the
 * client's machine (a `url` server may run anywhere).
 */
export function sharedMachineNote(
  engines: readonly { readonly title: string; readonly reports: readonly DbbenchReportFile[] }[],
): string | null {
  const machines = new Map<string, { servers: Set<string>; providers: Set<string> }>();
  for (const engine of engines) {
    for (const report of engine.reports) {
      for (const { dbbench } of report.results) {
        const provider = databaseRunInfo(dbbench).provider;
        if (provider === undefined || !SAME_MACHINE_PROVIDERS.has(provider)) continue;
        const { cores, cpuModel } = dbbench.environment;
        const machine = `${cores} core${cores === 1 ? '' : 's'} (${cpuModel})`;
        const entry = machines.get(machine) ?? { servers: new Set<string>(), providers: new Set<string>() };
        entry.servers.add(engine.title);
        entry.providers.add(provider);
        machines.set(machine, entry);
      }
    }
  }
  if (machines.size === 0) return null;
  const parts = [...machines]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(
      ([machine, entry]) =>
        `${listSentence([...entry.servers])} ran on the benchmark's machine, ${machine}, with the Node.js benchmark processes (${[...entry.providers].join(', ')} provider)`,
    );
  return (
    `**Client and server shared the cores.** ${parts.join('; ')}. ` +
    'They compete for those cores: more parallel work on the Node.js side (more key ranges at once, larger pools, more callers) adds work for the same cores rather than capacity, ' +
    'so an answer that finds little gain from parallelism describes this machine as much as the database.'
  );
}
