/** The reactive suite against MySQL (or MariaDB): `dbbench run dist/mysql-suite.js`. */
import { createSuite } from './suite.js';

export default createSuite('mysql');
