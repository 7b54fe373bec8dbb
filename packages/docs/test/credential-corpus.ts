/**
 * Credential forms a report may carry, each as plain data: the text that holds a secret, where it is
 * put in a report, the secret that must appear in no generated file, and what must stay readable
 * (host, port, database). Each form becomes its own report (a foreign JMH report like a JDBC-vs-R2DBC
 * PostgreSQL benchmark, or a dbbench report), and the docs generated from all of them are searched.
 */

/** Where in a report a form is placed. */
export type CredentialPlace =
  /** A JMH parameter's value (`connectUri`). */
  | 'param value'
  /** A parameter named by the text itself. */
  | 'param name'
  /** A parameter whose name says it is a secret (`dbPassword`): the whole value is hidden. */
  | 'secret-named param'
  /** A JVM argument (the JMH page's environment table). */
  | 'jvm argument'
  /** The benchmark's name (page headings, chart titles). */
  | 'benchmark name'
  /** A secondary metric's label (folded tables). */
  | 'metric label'
  /** A dbbench report's database settings (the engine page's environment table). */
  | 'dbbench setting'
  /** A dbbench report's environment string (the OS). */
  | 'dbbench environment';

/** One credential form and what the docs must make of it. */
export interface CredentialForm {
  readonly name: string;
  readonly place: CredentialPlace;
  readonly text: string;
  /** Must appear in no generated .md, .svg or .vl.json (alphanumeric, so no escaping hides them). */
  readonly secrets: readonly string[];
  /** Must still appear in the generated Markdown. */
  readonly kept: readonly string[];
}

/** The corpus: every form a driver or tool accepts that the redaction covers. */
export const CREDENTIAL_FORMS: readonly CredentialForm[] = [
  {
    name: 'the JDBC-vs-R2DBC benchmark connectUri',
    place: 'param value',
    text: 'postgres://postgres:Pg0secret01@pgdb01.example:5432/bench01',
    secrets: ['Pg0secret01'],
    kept: ['postgres://postgres:', 'pgdb01.example:5432/bench01'],
  },
  {
    name: 'a postgresql URL whose password holds @ and :',
    place: 'param value',
    text: 'postgresql://app:Ps02a@b:c@pgdb02.example:6432/orders02',
    secrets: ['Ps02a'],
    kept: ['pgdb02.example:6432/orders02'],
  },
  {
    name: 'a mysql URL',
    place: 'param value',
    text: 'mysql://root:My03secret@mydb03.example:3306/shop03',
    secrets: ['My03secret'],
    kept: ['mydb03.example:3306/shop03'],
  },
  {
    name: 'a mariadb URL',
    place: 'param value',
    text: 'mariadb://bench:Ma04secret@mariadb04.example:3307/app04',
    secrets: ['Ma04secret'],
    kept: ['mariadb04.example:3307/app04'],
  },
  {
    name: 'a JDBC PostgreSQL URL with user-info',
    place: 'param value',
    text: 'jdbc:postgresql://svc:Jp05secret@pgdb05.example:5432/app05',
    secrets: ['Jp05secret'],
    kept: ['jdbc:postgresql://svc:', 'pgdb05.example:5432/app05'],
  },
  {
    name: 'a JDBC PostgreSQL URL with user and password parameters',
    place: 'param value',
    text: 'jdbc:postgresql://pgdb06.example:5432/app06?user=svc&password=Jp06secret&ssl=true',
    secrets: ['Jp06secret'],
    kept: ['pgdb06.example:5432/app06'],
  },
  {
    name: 'a JDBC MySQL URL with user-info',
    place: 'param value',
    text: 'jdbc:mysql://root:Jm07secret@mydb07.example:3306/app07?useSSL=false',
    secrets: ['Jm07secret'],
    kept: ['mydb07.example:3306/app07'],
  },
  {
    name: 'a JDBC SQL Server URL with ;password=',
    place: 'param value',
    text: 'jdbc:sqlserver://mssql08.example:1433;databaseName=app08;user=sa;password=Js08secret',
    secrets: ['Js08secret'],
    kept: ['mssql08.example:1433', 'databaseName=app08'],
  },
  {
    name: 'an Oracle thin JDBC URL',
    place: 'param value',
    text: 'jdbc:oracle:thin:scott/Or09secret@ora09.example:1521/pdb09',
    secrets: ['Or09secret'],
    kept: ['ora09.example:1521/pdb09'],
  },
  {
    name: 'a mongodb+srv URL',
    place: 'param value',
    text: 'mongodb+srv://reader:Mg10secret@cluster10.example.net/sales10',
    secrets: ['Mg10secret'],
    kept: ['cluster10.example.net/sales10'],
  },
  {
    name: 'a redis URL with an empty user',
    place: 'param value',
    text: 'redis://:Rd11secret@cache11.example:6379/0',
    secrets: ['Rd11secret'],
    kept: ['cache11.example:6379'],
  },
  {
    name: 'an amqp URL',
    place: 'param value',
    text: 'amqp://guest:Am12secret@rabbit12.example:5672/vhost12',
    secrets: ['Am12secret'],
    kept: ['rabbit12.example:5672/vhost12'],
  },
  {
    name: 'an https URL with credentials',
    place: 'param value',
    text: 'https://deploy:Ht13secret@registry13.example/v2/',
    secrets: ['Ht13secret'],
    kept: ['registry13.example/v2/'],
  },
  {
    name: 'query parameters: pwd, sslpassword, token, apikey, access_key, a client secret; passfile kept',
    place: 'param value',
    text: 'postgres://pgdb14.example:5432/app14?pwd=Qa14one&sslpassword=Qb14two&token=Qc14three&apikey=Qd14four&access_key=Qe14five&clientsecret=Qf14six&passfile=/home/app14/pgpass',
    secrets: ['Qa14one', 'Qb14two', 'Qc14three', 'Qd14four', 'Qe14five', 'Qf14six'],
    kept: ['pgdb14.example:5432/app14', 'passfile=/home/app14/pgpass'],
  },
  {
    name: 'a libpq keyword/value string',
    place: 'param value',
    text: 'host=pgdb15.example port=5432 dbname=app15 user=svc password=Lk15secret sslmode=require',
    secrets: ['Lk15secret'],
    kept: ['host=pgdb15.example', 'port=5432', 'dbname=app15'],
  },
  {
    name: 'a libpq string with a quoted password',
    place: 'param value',
    text: "host=pgdb16.example port=5432 dbname=app16 password='open Lq16sesame now'",
    secrets: ['Lq16sesame'],
    kept: ['host=pgdb16.example', 'dbname=app16'],
  },
  {
    name: 'an ADO.NET / ODBC string',
    place: 'param value',
    text: 'Server=sql17.example,1433;Database=app17;User Id=sa;Password=Ad17secret;Pwd={Ad17other;x}',
    secrets: ['Ad17secret', 'Ad17other'],
    kept: ['Server=sql17.example,1433', 'Database=app17'],
  },
  {
    name: 'PGPASSWORD and MYSQL_PWD in an environment string',
    place: 'jvm argument',
    text: 'PGPASSWORD=Ev18secret MYSQL_PWD=Ev18other PGHOST=pgdb18.example',
    secrets: ['Ev18secret', 'Ev18other'],
    kept: ['PGHOST=pgdb18.example'],
  },
  {
    name: 'a --password= flag',
    place: 'jvm argument',
    text: '--password=Fl19secret --host=pgdb19.example',
    secrets: ['Fl19secret'],
    kept: ['--host=pgdb19.example'],
  },
  {
    name: 'a -Dpassword system property',
    place: 'jvm argument',
    text: '-Dspring.datasource.password=Sp20secret',
    secrets: ['Sp20secret'],
    kept: ['-Dspring.datasource.password='],
  },
  {
    name: "mysql's -p<password> after a mysql client",
    place: 'jvm argument',
    text: 'mysqladmin ping -h mydb21.example -uroot -pMp21secret',
    secrets: ['Mp21secret'],
    kept: ['mysqladmin ping -h mydb21.example'],
  },
  {
    name: 'a Go MySQL DSN',
    place: 'param value',
    text: 'app:Go22secret@tcp(mydb22.example:3306)/shop22',
    secrets: ['Go22secret'],
    kept: ['mydb22.example:3306', 'shop22'],
  },
  {
    name: 'a JSON-like password pair and a bearer token',
    place: 'jvm argument',
    text: '{"host":"pgdb23.example","password":"Js23secret"} Authorization: Bearer Bt23tokenvalue',
    secrets: ['Js23secret', 'Bt23tokenvalue'],
    kept: ['pgdb23.example'],
  },
  {
    name: 'a parameter whose name says it is a secret',
    place: 'secret-named param',
    text: 'Sn24secret',
    secrets: ['Sn24secret'],
    kept: ['dbPassword'],
  },
  {
    name: 'a parameter named by a connection string',
    place: 'param name',
    text: 'jdbc:mysql://root:Pn25secret@mydb25.example:3306/app25',
    secrets: ['Pn25secret'],
    kept: ['mydb25.example:3306/app25'],
  },
  {
    name: 'a benchmark named after a connection string',
    place: 'benchmark name',
    text: 'select_postgres://bench:Bn26secret@pgdb26',
    secrets: ['Bn26secret'],
    kept: ['pgdb26'],
  },
  {
    name: 'a secondary metric labelled with a token',
    place: 'metric label',
    text: 'pool?token=Ml27secret&host=pgdb27.example',
    secrets: ['Ml27secret'],
    kept: ['host=pgdb27'],
  },
  {
    name: "a dbbench report's database setting holding a URL",
    place: 'dbbench setting',
    text: 'postgres://replica:Ds28secret@pgdb28.example:5433/app28',
    secrets: ['Ds28secret'],
    kept: ['pgdb28.example:5433/app28'],
  },
  {
    name: "a dbbench report's environment string holding a password",
    place: 'dbbench environment',
    text: 'Linux 6.1 x64 PGPASSWORD=De29secret host=pgdb29.example',
    secrets: ['De29secret'],
    kept: ['host=pgdb29.example'],
  },
];
