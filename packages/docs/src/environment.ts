import type { DbbenchExtension } from '@dbbench/harness/report';

/** What the suites record about the database server in `runInfo.database`. */
export interface DatabaseRunInfo {
  readonly engine: string | undefined;
  readonly provider: string | undefined;
  readonly version: string | undefined;
  readonly redactedUrl: string | undefined;
  readonly settings: Readonly<Record<string, string>>;
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** Reads `runInfo.database` leniently: it is suite-defined JSON, so every field may be missing. */
export function databaseRunInfo(extension: DbbenchExtension): DatabaseRunInfo {
  const raw = extension.runInfo['database'];
  const record =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rawSettings = record['settings'];
  const settings: Record<string, string> = {};
  if (typeof rawSettings === 'object' && rawSettings !== null && !Array.isArray(rawSettings)) {
    for (const [key, value] of Object.entries(rawSettings as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        settings[key] = String(value);
      }
    }
  }
  return {
    engine: stringField(record, 'engine'),
    provider: stringField(record, 'provider'),
    version: stringField(record, 'version'),
    redactedUrl: stringField(record, 'redactedUrl'),
    settings,
  };
}

/**
 * The parts of a result's environment that decide whether two runs can be compared: a different
 * CPU, core count, operating system (kernel build: another virtual machine), Node.js or server
 * version changes absolute numbers by more than any code change. Measured here: the same code's
 * single-row SELECT went from 95 µs to 400 µs between two virtual machines that differed only in
 * their kernel build; the interleaved `bench:compare` of the two commits on one machine found no change.
 */
export function comparabilityFingerprint(extension: DbbenchExtension): Readonly<Record<string, string>> {
  return {
    'CPU model': extension.environment.cpuModel,
    cores: String(extension.environment.cores),
    OS: extension.environment.os,
    'Node.js': extension.environment.node,
    'server version': databaseRunInfo(extension).version ?? 'unknown',
  };
}
