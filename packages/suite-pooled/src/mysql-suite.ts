/** The pooled suite on MySQL (MariaDB counts as MySQL): `dbbench run dist/mysql-suite.js`. */
import { createSuite } from './suite.js';

export default createSuite('mysql');
