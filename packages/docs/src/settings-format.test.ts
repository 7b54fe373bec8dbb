import { describe, expect, it } from 'vitest';
import { formatSetting } from './settings-format.js';

describe('formatSetting', () => {
  it('writes memory sizes in one format, whatever the server printed', () => {
    expect(formatSetting('shared_buffers', '128MB')).toBe('128 MiB');
    expect(formatSetting('innodb_buffer_pool_size', '134217728')).toBe('128 MiB');
    expect(formatSetting('max_allowed_packet', '67108864')).toBe('64 MiB');
    expect(formatSetting('work_mem', '4096kB')).toBe('4 MiB');
  });

  it('leaves counts and switches as recorded', () => {
    expect(formatSetting('max_connections', '90')).toBe('90');
    expect(formatSetting('thread_cache_size', '9')).toBe('9');
    expect(formatSetting('innodb_flush_log_at_trx_commit', '1')).toBe('1');
    expect(formatSetting('fsync', 'on')).toBe('on');
  });
});
