import type pg from 'pg';
import type { ServerFacts } from '../../providers/server-facts.js';
import type { EngineFacts } from '../engine.js';

/** The PostgreSQL settings that shape benchmark results, recorded in every report. */
export const POSTGRES_RECORDED_SETTINGS = [
  'fsync',
  'synchronous_commit',
  'shared_buffers',
  'max_connections',
] as const;

/** Reads `SELECT version()` and {@link POSTGRES_RECORDED_SETTINGS} (as `SHOW` prints them). */
export async function readPostgresServerFacts(client: pg.Client): Promise<ServerFacts> {
  const version = await client.query<{ version: string }>('SELECT version() AS version');
  // current_setting() gives the human form (128MB) that SHOW prints, units included.
  const settings = await client.query<{ name: string; value: string }>(
    'SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS name',
    [POSTGRES_RECORDED_SETTINGS],
  );
  return {
    version: version.rows[0]?.version ?? '',
    settings: Object.fromEntries(settings.rows.map((row) => [row.name, row.value])),
  };
}

/** `PostgreSQL 15.19 (Debian 15.19-0+deb12u1) on x86_64-pc-linux-gnu, …` → `PostgreSQL 15.19`. */
function postgresProductName(version: string): string {
  const match = /PostgreSQL\s+(\d+(?:\.\d+)*)/i.exec(version);
  return match === null ? 'PostgreSQL' : `PostgreSQL ${match[1] ?? ''}`;
}

/** What a report records about a PostgreSQL server. */
export const POSTGRES_FACTS: EngineFacts = {
  recordedSettings: POSTGRES_RECORDED_SETTINGS,
  productName: postgresProductName,
};
