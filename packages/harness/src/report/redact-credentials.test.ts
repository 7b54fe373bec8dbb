import { describe, expect, it } from 'vitest';
import {
  isSecretName,
  REDACTED_CREDENTIAL,
  redactCredentials,
  redactReportCredentials,
} from './redact-credentials.js';
import { LatencyHistogram } from '../stats/histogram.js';

/** A connection string, what it must become, and the secret that must be gone. */
const FORMS: readonly { name: string; text: string; redacted: string }[] = [
  {
    name: 'a postgres URL with user and password',
    text: 'postgres://postgres:postgres@localhost:5432/postgres',
    redacted: 'postgres://postgres:***@localhost:5432/postgres',
  },
  {
    name: 'a postgresql URL whose password holds @ and :',
    text: 'postgresql://app:p@ss:w0rd@db.internal:6432/orders?sslmode=require',
    redacted: 'postgresql://app:***@db.internal:6432/orders?sslmode=require',
  },
  {
    name: 'a mysql URL',
    text: 'mysql://root:Tr0ub4dor@127.0.0.1:3306/bench',
    redacted: 'mysql://root:***@127.0.0.1:3306/bench',
  },
  {
    name: 'a mariadb URL',
    text: 'mariadb://bench:hunter22@maria:3307/shop',
    redacted: 'mariadb://bench:***@maria:3307/shop',
  },
  {
    name: 'a JDBC PostgreSQL URL with user-info',
    text: 'jdbc:postgresql://svc:Sup3rS3cret@pg:5432/app',
    redacted: 'jdbc:postgresql://svc:***@pg:5432/app',
  },
  {
    name: 'a JDBC PostgreSQL URL with user and password parameters',
    text: 'jdbc:postgresql://pg:5432/app?user=svc&password=Sup3rS3cret&ssl=true',
    redacted: 'jdbc:postgresql://pg:5432/app?user=svc&password=***&ssl=true',
  },
  {
    name: 'a JDBC MySQL URL with user-info and a password parameter',
    text: 'jdbc:mysql://root:r00tpw@mysql:3306/app?useSSL=false&password=r00tpw',
    redacted: 'jdbc:mysql://root:***@mysql:3306/app?useSSL=false&password=***',
  },
  {
    name: 'a JDBC SQL Server URL with semicolon properties',
    text: 'jdbc:sqlserver://mssql:1433;databaseName=app;user=sa;password=Str0ng!Pass;encrypt=true',
    redacted: 'jdbc:sqlserver://mssql:1433;databaseName=app;user=sa;password=***;encrypt=true',
  },
  {
    name: 'an Oracle thin JDBC URL',
    text: 'jdbc:oracle:thin:scott/tiger99@ora:1521/ORCLPDB1',
    redacted: 'jdbc:oracle:thin:scott/***@ora:1521/ORCLPDB1',
  },
  {
    name: 'a mongodb+srv URL',
    text: 'mongodb+srv://reader:m0ng0pw@cluster0.example.net/sales?retryWrites=true',
    redacted: 'mongodb+srv://reader:***@cluster0.example.net/sales?retryWrites=true',
  },
  {
    name: 'a redis URL with an empty user',
    text: 'redis://:r3d1spw@cache:6379/0',
    redacted: 'redis://:***@cache:6379/0',
  },
  {
    name: 'an amqp URL',
    text: 'amqp://guest:gu3stpw@rabbit:5672/vhost',
    redacted: 'amqp://guest:***@rabbit:5672/vhost',
  },
  {
    name: 'an https URL with credentials',
    text: 'https://deploy:h77pw@registry.example.com/v2/',
    redacted: 'https://deploy:***@registry.example.com/v2/',
  },
  {
    name: 'query parameters: pwd, sslpassword, token, apikey, access_key, secret',
    text: 'postgres://pg:5432/app?pwd=a1&sslpassword=b2&token=c3&apikey=d4&access_key=e5&client_secret=f6&passfile=/home/u/.pgpass',
    redacted:
      'postgres://pg:5432/app?pwd=***&sslpassword=***&token=***&apikey=***&access_key=***&client_secret=***&passfile=/home/u/.pgpass',
  },
  {
    name: 'a libpq keyword/value string',
    text: 'host=pg port=5432 dbname=app user=svc password=plainpw sslmode=require',
    redacted: 'host=pg port=5432 dbname=app user=svc password=*** sslmode=require',
  },
  {
    name: 'a libpq string with a quoted password holding spaces and an escaped quote',
    text: "host=pg port=5432 dbname=app password='open \\'sesame\\' now' user=svc",
    redacted: "host=pg port=5432 dbname=app password='***' user=svc",
  },
  {
    name: 'an ADO.NET / ODBC string',
    text: 'Server=sql,1433;Database=app;User Id=sa;Password=Adm1n#1;Pwd={x;y};Encrypt=yes',
    redacted: 'Server=sql,1433;Database=app;User Id=sa;Password=***;Pwd={***};Encrypt=yes',
  },
  {
    name: 'environment assignments',
    text: 'PGPASSWORD=pgenvpw MYSQL_PWD=myenvpw PGHOST=pg',
    redacted: 'PGPASSWORD=*** MYSQL_PWD=*** PGHOST=pg',
  },
  {
    name: 'flags',
    text: '--password=flagpw -Dspring.datasource.password=sysprop --db-token="tok en" --host=db',
    redacted: '--password=*** -Dspring.datasource.password=*** --db-token="***" --host=db',
  },
  {
    name: "mysql's -p<password> after a mysql client",
    text: 'mysqladmin ping -h 127.0.0.1 -uroot -pbench && mysql -uapp -pAppPw9 shop',
    redacted: 'mysqladmin ping -h 127.0.0.1 -uroot -p*** && mysql -uapp -p*** shop',
  },
  {
    name: 'a Go MySQL DSN',
    text: 'app:g0dsnpw@tcp(mysql:3306)/shop?parseTime=true',
    redacted: 'app:***@tcp(mysql:3306)/shop?parseTime=true',
  },
  {
    name: 'a JSON-like pair and a bearer token',
    text: '{"host":"db","password":"js0npw"} Authorization: Bearer eyJhbGciOi.abc',
    redacted: '{"host":"db","password":"***"} Authorization: Bearer ***',
  },
  {
    name: 'a URL inside a value that is not secret',
    text: 'url=postgres://pg/app?password=inner1',
    redacted: 'url=postgres://pg/app?password=***',
  },
];

/** Text that carries no credential and must come back unchanged. */
const HARMLESS = [
  'dbbench run dist/mysql-suite.js -p dataSize=1000 -p poolSize=10',
  "Access denied for user 'root'@'localhost' (using password: YES)",
  'postgres://postgres@localhost:5432/postgres',
  'postgres://postgres:***@127.0.0.1:5432/dbbench_1',
  'host=pg passfile=/home/u/.pgpass sslkey=/etc/ssl/key.pem',
  'pooled.job dataSize=100000 partitions=4 writer=copy',
  'Linux 6.18.44 x64, AMD EPYC, 2 cores',
  'tokenCount=12 maxTokens=3',
];

describe('redactCredentials', () => {
  for (const form of FORMS) {
    it(`hides ${form.name}`, () => {
      expect(redactCredentials(form.text)).toBe(form.redacted);
    });
    it(`is idempotent on ${form.name}`, () => {
      expect(redactCredentials(form.redacted)).toBe(form.redacted);
    });
  }
  for (const text of HARMLESS) {
    it(`leaves ${JSON.stringify(text)} as it is`, () => {
      expect(redactCredentials(text)).toBe(text);
    });
  }
});

describe('isSecretName', () => {
  it.each([
    'password',
    'dbPassword',
    'PGPASSWORD',
    'MYSQL_PWD',
    'passwd',
    'apiKey',
    'api-key',
    'accessToken',
  ])('calls %s a secret', (name) => expect(isSecretName(name)).toBe(true));
  it.each(['credentials', 'client_secret', 'x-auth-token', 'secretAccessKey', 'sslpassword', 'pass'])(
    'calls %s a secret',
    (name) => expect(isSecretName(name)).toBe(true),
  );
  it.each(['passfile', 'sslkey', 'tokenCount', 'maxTokens', 'host', 'connectUri', 'dataSize', 'bypass'])(
    'calls %s harmless',
    (name) => expect(isSecretName(name)).toBe(false),
  );
});

describe('redactReportCredentials', () => {
  const report = [
    {
      benchmark: 'org.example.R2dbcVsJdbc.query',
      params: {
        connectUri: 'postgres://postgres:postgres@localhost:5432/postgres',
        dbPassword: 'two words',
        'jdbc:mysql://u:namepw@h/db': 'x',
      },
      jvmArgs: ['-Xmx1g', '-Dpassword=jvmpw'],
      secondaryMetrics: { 'pool?token=labelpw': { score: 1, rawData: [[1, 2]] } },
      primaryMetric: { score: 2.5, scoreConfidence: [1, 4] },
    },
  ];

  it('hides credentials in values, keys and secret-named values, keeping numbers and shape', () => {
    expect(redactReportCredentials(report)).toEqual([
      {
        benchmark: 'org.example.R2dbcVsJdbc.query',
        params: {
          connectUri: 'postgres://postgres:***@localhost:5432/postgres',
          dbPassword: REDACTED_CREDENTIAL,
          'jdbc:mysql://u:***@h/db': 'x',
        },
        jvmArgs: ['-Xmx1g', '-Dpassword=***'],
        secondaryMetrics: { 'pool?token=***': { score: 1, rawData: [[1, 2]] } },
        primaryMetric: { score: 2.5, scoreConfidence: [1, 4] },
      },
    ]);
  });

  it('leaves the input alone and returns an equal copy when there is nothing to hide', () => {
    const clean = [{ params: { dataSize: '1000' }, primaryMetric: { score: 1 } }];
    expect(redactReportCredentials(clean)).toEqual(clean);
    expect(report[0]?.params.dbPassword).toBe('two words');
  });

  it('keeps histogram encodings whole, though their end can read as `name=value`', () => {
    // 66 values 430 µs apart encode to `…8hPw==`: the name `…8hPw` ends in the word `pw`.
    const histogram = new LatencyHistogram();
    for (let index = 1; index <= 66; index += 1) histogram.record(index * 0.43);
    const encoded = histogram.encode();
    expect(redactCredentials(encoded)).not.toBe(encoded);
    const withHistogram = [{ dbbench: { histograms: { latency: { unit: 'ms', forks: [[encoded]] } } } }];
    expect(redactReportCredentials(withHistogram)).toEqual(withHistogram);
    // Anywhere else, and anything but base64 there, is redacted as before.
    const elsewhere = [
      { dbbench: { failures: [encoded], histograms: { latency: { forks: [['x pw=y']] } } } },
    ];
    expect(JSON.stringify(redactReportCredentials(elsewhere))).not.toContain(encoded);
    expect(JSON.stringify(redactReportCredentials(elsewhere))).toContain('x pw=***');
  });

  it('keeps a __proto__ key a plain key', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": "postgres://a:protopw@h/db"}}') as unknown;
    const redacted = redactReportCredentials(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"polluted":"postgres://a:***@h/db"}}');
  });
});
