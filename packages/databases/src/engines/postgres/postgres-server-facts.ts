import type pg from 'pg';
import type { ServerFacts } from '../../providers/server-facts.js';
import { SETTLE_SETTING, type EngineFacts } from '../engine.js';

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
  // Whether this user may CHECKPOINT, as every fork does once after seeding (openTrial)
  // (pg_checkpoint exists from PostgreSQL 15; before it only superusers may).
  const checkpoint = await client.query<{ allowed: boolean }>(
    `SELECT rolsuper OR (EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pg_checkpoint')
       AND pg_has_role(current_user, (SELECT oid FROM pg_roles WHERE rolname = 'pg_checkpoint'), 'MEMBER')) AS allowed
     FROM pg_roles WHERE rolname = current_user`,
  );
  return {
    version: version.rows[0]?.version ?? '',
    settings: {
      ...Object.fromEntries(settings.rows.map((row) => [row.name, row.value])),
      [SETTLE_SETTING]:
        checkpoint.rows[0]?.allowed === true
          ? 'CHECKPOINT'
          : 'none (CHECKPOINT needs superuser or pg_checkpoint)',
    },
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
