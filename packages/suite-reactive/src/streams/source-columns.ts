import type { SourceRow } from '@dbbench/databases';

/** The source table's columns in the order the seed writers send them. */
export const SOURCE_COLUMNS = [
  'id',
  'name',
  'amount',
  'category',
  'created_at',
] as const satisfies readonly (keyof SourceRow)[];
