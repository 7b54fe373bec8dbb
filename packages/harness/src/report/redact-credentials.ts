/**
 * Credentials out of reports before anything shows them. A report dbbench did not write (a Java
 * project's JMH JSON, say) may carry a connection string in a parameter, an environment string, a
 * benchmark name or a metric label: `connectUri=postgres://postgres:postgres@localhost:5432/postgres`.
 * Whatever reads a report for people — the docs, `compare --base-report/--head-report`, `merge` —
 * passes it through {@link redactReportCredentials} first, so a password is replaced by `***` while
 * the rest (scheme, user, host, port, database) stays readable.
 *
 * The forms are those drivers and their tools accept: URL user-info of any scheme (`postgres://`,
 * `jdbc:mysql://`, `mongodb+srv://`, `redis://:pw@`, `amqp://`, `https://`), query parameters and
 * JDBC properties (`?password=`, `&pwd=`, `;password=`, `sslpassword=`, `token=`, `apiKey=`,
 * `access_key=`…), libpq keyword/value strings (`host=db password='a b'`), ADO/ODBC strings
 * (`Password=…;Pwd={…}`), environment assignments (`PGPASSWORD=…`, `MYSQL_PWD=…`), flags
 * (`--password=…`, `-Dpassword=…`, mysql's `-p<password>` after a mysql client's name), Go's MySQL
 * DSN (`user:pw@tcp(host)/db`), quoted `"password": "…"` pairs and `Bearer` tokens. A value whose own
 * name says it is a secret (`password`, `dbPassword`, `apiKey`, `accessToken`, `credentials`…) is
 * replaced whole. `passfile`, `sslkey` and the like name files, not secrets, and stay.
 */

/** What a credential is replaced with, everywhere. */
export const REDACTED_CREDENTIAL = '***';

// A name is a secret's when, lower-cased without separators, it contains one of these…
const SECRET_NAME_PARTS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'credential',
  'apikey',
  'accesskey',
  'privatekey',
  'accountkey',
  'authtoken',
];
// …or when its last word is one of these (`accessToken`, `MYSQL_PWD`; not `tokenCount`, `passfile`).
const SECRET_LAST_WORDS = new Set(['pwd', 'pw', 'pass', 'token']);

/**
 * Whether a name (a parameter, a key of a connection string, an environment variable) names a
 * secret, so its whole value must be hidden.
 *
 * @example
 * ```ts
 * isSecretName('connectPassword'); // true
 * isSecretName('MYSQL_PWD'); // true
 * isSecretName('passfile'); // false: a path, not a secret
 * ```
 */
export function isSecretName(name: string): boolean {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (SECRET_NAME_PARTS.some((part) => compact.includes(part))) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const last = words[words.length - 1];
  return last !== undefined && SECRET_LAST_WORDS.has(last);
}

// `scheme://user:password@host`: the password runs to the last `@` before the path, query or fragment.
const URL_USER_INFO = /([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:)([^\s/?#]+)@/gi;
// Go's MySQL DSN: `user:password@tcp(host:port)/db` (also unix, udp).
const GO_MYSQL_DSN = /(^|[\s'"=(,])([^\s:@/'"(),]+:)([^\s@'"]+)@((?:tcp|tcp6|unix|udp)\()/g;
// Oracle's thin JDBC URL: `jdbc:oracle:thin:user/password@host:1521/service`.
const ORACLE_THIN = /(jdbc:oracle:[a-z]+:[^\s/@:]+\/)([^\s@]+)@/gi;
// The name of a `name=value` (URLs, JDBC/ADO/ODBC strings, libpq conninfo, environments, flags) or a
// `"name": "value"` pair (JSON-like text; only a quoted value counts there: "using password: YES" is
// MySQL's harmless wording). A name starts a word; flags keep their dashes (`--password`, `-Dpassword`).
const ASSIGNED_NAME = /(?<![A-Za-z0-9_])(-{0,2}[A-Za-z_][A-Za-z0-9_.-]*)["']?\s*([=:])\s*/g;
// A value: quoted ('…' with \' escapes, "…"), braced (ODBC `{…}`), or running to a separator.
const QUOTED_VALUE = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/y;
const BRACED_VALUE = /\{[^}]*\}/y;
const BARE_VALUE = /[^\s&;,)'"]+/y;
// mysql's `-p<password>` (attached: `-p secret` would name a database): only after a MySQL client's name.
const MYSQL_CLIENT_PASSWORD =
  /((?:^|[\s/])(?:mysql|mariadb|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlslap|mysqlbinlog|mysqlsh|mariadb-dump|mariadb-admin|mariadb-import|mariadb-check|mariadb-show)(?=\s)[^;|&\n]*?\s-p)([^\s'";|&]+)/g;
// HTTP credentials in a header value or a curl line.
const AUTHORIZATION = /\b(Bearer|Basic|Token)(\s+)([A-Za-z0-9._~+/-]{8,}=*)/g;

/** The value that starts at `index`, or undefined; a `:` pair takes only a quoted one. */
function valueAt(text: string, index: number, colon: boolean): string | undefined {
  const patterns = colon ? [QUOTED_VALUE] : [QUOTED_VALUE, BRACED_VALUE, BARE_VALUE];
  for (const pattern of patterns) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match !== null) return match[0];
  }
  return undefined;
}

/**
 * Hides the value of every `name=value` and `"name": "value"` whose name is a secret's. A scan, not
 * one replace: a value that is not secret (`url=postgres://…?password=x`) may hold one that is, so
 * the scan goes on inside it.
 */
function redactAssignments(text: string): string {
  let result = '';
  let copied = 0;
  ASSIGNED_NAME.lastIndex = 0;
  for (let match = ASSIGNED_NAME.exec(text); match !== null; match = ASSIGNED_NAME.exec(text)) {
    const [whole, name = '', separator] = match;
    const start = match.index + whole.length;
    const value = isSecretName(name) ? valueAt(text, start, separator === ':') : undefined;
    if (value === undefined) continue;
    result += `${text.slice(copied, start)}${hidden(value)}`;
    copied = start + value.length;
    ASSIGNED_NAME.lastIndex = copied;
  }
  return result + text.slice(copied);
}

/** The quote marks a value keeps around `***`, so a quoted form stays well-formed. */
function hidden(value: string): string {
  const first = value[0];
  if (first === "'" || first === '"') return `${first}${REDACTED_CREDENTIAL}${first}`;
  if (first === '{') return `{${REDACTED_CREDENTIAL}}`;
  return REDACTED_CREDENTIAL;
}

/**
 * Replaces every credential in a piece of text by `***`, keeping everything else.
 *
 * @example
 * ```ts
 * redactCredentials('postgres://postgres:postgres@localhost:5432/postgres');
 * // 'postgres://postgres:***@localhost:5432/postgres'
 * redactCredentials("host=db port=5432 dbname=app password='a b'");
 * // "host=db port=5432 dbname=app password='***'"
 * redactCredentials('jdbc:sqlserver://db:1433;databaseName=app;password=s3cret');
 * // 'jdbc:sqlserver://db:1433;databaseName=app;password=***'
 * ```
 */
export function redactCredentials(text: string): string {
  return redactAssignments(text)
    .replace(URL_USER_INFO, `$1${REDACTED_CREDENTIAL}@`)
    .replace(GO_MYSQL_DSN, `$1$2${REDACTED_CREDENTIAL}@$4`)
    .replace(ORACLE_THIN, `$1${REDACTED_CREDENTIAL}@`)
    .replace(MYSQL_CLIENT_PASSWORD, `$1${REDACTED_CREDENTIAL}`)
    .replace(AUTHORIZATION, `$1$2${REDACTED_CREDENTIAL}`);
}

/** The base64 alphabet, padded: an HDR histogram's compressed encoding (`stats/histogram.ts`). */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether `path` (from the report's root) is an encoding in a result's
 * `dbbench.histograms.<name>.forks[fork][iteration]`. Such a string holds no readable credential,
 * but the `name=value` scan can read its end as one: `…/aPw==` is the name `aPw` (`pw`, a
 * password's last word) and the value `=`, and one encoding in about 1,500 came out cut, undecodable.
 */
function isHistogramEncoding(path: readonly (string | number)[], value: string): boolean {
  return (
    path.length === 7 &&
    path[1] === 'dbbench' &&
    path[2] === 'histograms' &&
    path[4] === 'forks' &&
    BASE64.test(value)
  );
}

function redactValue(value: unknown, underSecretName: boolean, path: readonly (string | number)[]): unknown {
  if (typeof value === 'string') {
    if (isHistogramEncoding(path, value)) return value;
    return underSecretName && value !== '' ? REDACTED_CREDENTIAL : redactCredentials(value);
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => redactValue(item, underSecretName, [...path, index]));
  }
  if (typeof value === 'object' && value !== null) {
    // fromEntries defines own properties: a `__proto__` key in the JSON stays a plain key.
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        redactCredentials(key),
        redactValue(inner, isSecretName(key), [...path, key]),
      ]),
    );
  }
  return value;
}

/**
 * A copy of a parsed report (any JSON value) with every credential replaced by `***`: in every
 * string — parameters, environment strings, benchmark names, metric labels, failure messages — and in
 * every key (a parameter or metric named after a connection string), and the whole string value of
 * every key whose name says it is a secret. Numbers and the shape are untouched, so a report that was
 * valid stays valid; a report without credentials comes back equal. Idempotent.
 *
 * @example
 * ```ts
 * const results = redactReportCredentials(JSON.parse(text) as unknown);
 * // [{ params: { connectUri: 'postgres://postgres:***@localhost:5432/postgres' }, … }]
 * ```
 */
export function redactReportCredentials<T>(report: T): T {
  return redactValue(report, false, []) as T;
}
