/** The reactive suite against PostgreSQL: `dbbench run dist/postgres-suite.js`. */
import { createSuite } from './suite.js';

export default createSuite('postgres');
