import { readFileSync } from 'node:fs';

/**
 * The harness version, written as `jmhVersion` and `dbbench.harnessVersion` in every result. Read
 * from package.json so a release bump cannot forget it; the file sits one level above both src/ and dist/.
 */
export const HARNESS_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
