import type { SourceRow } from './source-rows.js';

/** `source`'s columns in the order every load, encoder and reader lists them. */
export const SOURCE_COLUMNS = [
  'id',
  'name',
  'amount',
  'category',
  'created_at',
] as const satisfies readonly (keyof SourceRow)[];
