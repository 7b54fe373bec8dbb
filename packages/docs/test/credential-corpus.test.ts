/**
 * No credential from any report reaches the docs: each form of the corpus is put into its own
 * report — a foreign JMH report like a JDBC-vs-R2DBC PostgreSQL benchmark, or a dbbench report — the
 * docs are generated from all of them into a temp directory, and no secret may appear in any
 * generated Markdown, SVG or Vega-Lite spec, while host, port and database still do.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/index.js';
import { CREDENTIAL_FORMS, type CredentialForm } from './credential-corpus.js';
import { FIXTURES, readTree, removeTempDirs, tempDir } from './fixture-paths.js';

/** The parts of a result the corpus writes to. */
interface Result {
  benchmark: string;
  params: Record<string, string>;
  jvmArgs?: string[];
  secondaryMetrics: Record<string, unknown>;
  dbbench?: {
    suite: string;
    benchmarkName: string;
    environment: { os: string };
    runInfo: { database: { settings: Record<string, string> } };
  };
}

const FOREIGN_REPORT = path.join(FIXTURES, 'jmh', 'r2dbc-postgres', 'results.json');
const DBBENCH_REPORT = path.join(FIXTURES, 'repo', 'packages', 'suite-pooled', 'reports', 'postgres.json');

async function readResults(file: string): Promise<Result[]> {
  return JSON.parse(await readFile(file, 'utf8')) as Result[];
}

/** A metric as JMH writes one, for a label that carries a form. */
const COUNTER = {
  score: 3,
  scoreError: 0,
  scoreConfidence: [3, 3],
  scorePercentiles: { '0.0': 3, '50.0': 3, '100.0': 3 },
  scoreUnit: 'count',
  rawData: [
    [3, 3, 3],
    [3, 3, 3],
  ],
};

/** The foreign report with the form put in its place. */
function foreignReport(base: readonly Result[], form: CredentialForm): Result[] {
  return structuredClone(base).map((result) => {
    switch (form.place) {
      case 'param value':
        return { ...result, params: { ...result.params, connectUri: form.text } };
      case 'param name':
        return { ...result, params: { ...result.params, [form.text]: 'on' } };
      case 'secret-named param':
        return { ...result, params: { ...result.params, dbPassword: form.text } };
      case 'jvm argument':
        return { ...result, jvmArgs: [...(result.jvmArgs ?? []), form.text] };
      case 'benchmark name':
        return { ...result, benchmark: `${result.benchmark}_${form.text}` };
      case 'metric label':
        return { ...result, secondaryMetrics: { ...result.secondaryMetrics, [form.text]: COUNTER } };
      default:
        throw new Error(`${form.place} is not a place in a JMH report`);
    }
  });
}

/** One benchmark of a dbbench report, as its own suite, with the form put in its place. */
function dbbenchReport(base: readonly Result[], form: CredentialForm, suite: string): Result[] {
  const benchmark = base[0]?.dbbench?.benchmarkName;
  return structuredClone(base.filter((result) => result.dbbench?.benchmarkName === benchmark)).map(
    (result) => {
      const extension = result.dbbench!;
      extension.suite = suite;
      result.benchmark = `${suite}.${extension.benchmarkName}`;
      if (form.place === 'dbbench setting')
        extension.runInfo.database.settings['primary_conninfo'] = form.text;
      else extension.environment.os = form.text;
      return result;
    },
  );
}

const DBBENCH_PLACES = new Set(['dbbench setting', 'dbbench environment']);

describe(`credential corpus (${CREDENTIAL_FORMS.length} forms)`, () => {
  let generated = new Map<string, string>();

  beforeAll(async () => {
    const root = await tempDir();
    const foreign = await readResults(FOREIGN_REPORT);
    const own = await readResults(DBBENCH_REPORT);
    for (const [index, form] of CREDENTIAL_FORMS.entries()) {
      const number = String(index + 1).padStart(2, '0');
      const dbbench = DBBENCH_PLACES.has(form.place);
      const directory = path.join(root, 'packages', dbbench ? `creds-${number}` : 'java-r2dbc', 'reports');
      await mkdir(directory, { recursive: true });
      const results = dbbench ? dbbenchReport(own, form, `creds${number}`) : foreignReport(foreign, form);
      await writeFile(
        path.join(directory, dbbench ? 'postgres.json' : `form-${number}.json`),
        `${JSON.stringify(results, null, 2)}\n`,
      );
    }
    await generateDocs({ root });
    const tree = await readTree(path.join(root, 'benchmark-docs'));
    generated = new Map(
      [...tree]
        .filter(([file]) => /\.(md|svg|vl\.json)$/.test(file))
        .map(([file, content]) => [file, content.toString('utf8')]),
    );
  }, 120_000);

  afterAll(async () => {
    await removeTempDirs();
    // The count CI shows and the README's guarantees name.
    console.log(`dbbench-docs credential corpus: ${CREDENTIAL_FORMS.length} forms redacted`);
  });

  it('generated pages, charts and specs for every report', () => {
    const kinds = new Set([...generated.keys()].map((file) => path.extname(file)));
    expect([...kinds].sort()).toEqual(['.json', '.md', '.svg']);
    expect(generated.size).toBeGreaterThan(CREDENTIAL_FORMS.length);
  });

  for (const form of CREDENTIAL_FORMS) {
    it(`${form.name} (${form.place}): no secret in any generated file, the rest readable`, () => {
      for (const [file, text] of generated) {
        for (const secret of form.secrets) {
          expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
        }
      }
      const markdown = [...generated]
        .filter(([file]) => file.endsWith('.md'))
        .map(([, text]) => text)
        .join('\n');
      for (const kept of form.kept) expect(markdown, kept).toContain(kept);
    });
  }

  it("is counted in the README's guarantees", async () => {
    const readme = await readFile(path.join(FIXTURES, '..', '..', '..', '..', 'README.md'), 'utf8');
    expect(readme.replace(/\s+/g, ' ')).toContain(
      `"dbbench-docs credential corpus: ${CREDENTIAL_FORMS.length} forms redacted"`,
    );
  });

  it('shows the redaction where the secrets were', () => {
    const markdown = [...generated].filter(([file]) => file.endsWith('.md')).map(([, text]) => text);
    expect(markdown.join('\n')).toMatch(
      /postgres:\/\/postgres:(\\\*){3}@pgdb01\.example|postgres:\/\/postgres:\*\*\*@pgdb01\.example/,
    );
  });
});
