import type { NoEmbeddedServer } from '../engine.js';

/** No MySQL or MariaDB server is published as an npm package; the other providers serve this engine. */
export const MYSQL_EMBEDDED: NoEmbeddedServer = {
  unavailable: 'no MySQL or MariaDB server ships as an npm package',
};
