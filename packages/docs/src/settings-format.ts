import { formatBytes } from './format.js';
import { parseByteSize } from './units.js';

// Settings whose plain numbers are bytes (MySQL/MariaDB print them so: innodb_buffer_pool_size,
// max_allowed_packet, sort_buffer_size …). A count such as thread_cache_size = 9 also ends in
// "_size": only whole multiples of 1 KiB are read as bytes.
const BYTE_SETTING_NAME = /(?:_size|_buffers?|_packet|_bytes|_mem)$/;

/**
 * A server setting as the environment table shows it: memory sizes in one format whatever the
 * server printed (`128MB` and `134217728` both become `128 MiB`); everything else as recorded.
 */
export function formatSetting(name: string, value: string): string {
  const sized = parseByteSize(value);
  if (sized !== undefined) return formatBytes(sized);
  if (BYTE_SETTING_NAME.test(name) && /^\d+$/.test(value)) {
    const bytes = Number(value);
    if (bytes >= 1024 && bytes % 1024 === 0) return formatBytes(bytes);
  }
  return value;
}
