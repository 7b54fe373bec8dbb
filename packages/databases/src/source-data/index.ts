/**
 * The source data, in one place: the columns of `source`, the deterministic row generator, the
 * tab-separated text both bulk paths read, the one cents parser, and the source checksum.
 */
export { SOURCE_COLUMNS } from './source-columns.js';
export { generateSourceRows, SOURCE_CATEGORIES, type SourceRow } from './source-rows.js';
export { parseCents, parseCentsAt, parseCentsBigInt } from './cents.js';
export {
  decodeField,
  encodeField,
  encodeLine,
  ROWS_PER_BUFFER,
  tabSeparatedText,
  type TextValue,
} from './tab-separated-text.js';
export {
  readSourceChecksum,
  sourceChecksumDifferences,
  sourceChecksumOf,
  verifySource,
  type SourceChecksum,
} from './source-checksum.js';
