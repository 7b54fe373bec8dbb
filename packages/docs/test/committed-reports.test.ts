import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocs, MAX_MAIN_COLUMNS } from '../src/index.js';
import { PACKAGE_DIR, removeTempDirs, tempDir } from './fixture-paths.js';
import { lintMarkdown } from './markdown-lint.js';
import { mainTableLines } from './markdown-tables.js';

afterAll(removeTempDirs);

/** The committed reports rendered once into a throwaway directory, for the checks below. */
let rendered = '';
beforeAll(async () => {
  rendered = await tempDir();
  await generateDocs({ root: path.resolve(PACKAGE_DIR, '..', '..'), outDir: rendered });
});

/** Text of a rendered file. */
const file = (name: string): Promise<string> => readFile(path.join(rendered, name), 'utf8');

/** The engine pages (database name → page text). */
async function enginePages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const hub = await file('README.md');
  for (const [, name] of hub.matchAll(/^- \[[^\]]+\]\(([a-z]+)\.md\)$/gm)) {
    if (name !== undefined) pages.set(name, await file(`${name}.md`));
  }
  return pages;
}

// The reports the suites committed, rendered into a throwaway directory (never over
// benchmark-docs/): whatever the suites measure next, the pages must stay readable.
describe('the repository’s committed reports', () => {
  it(`render lint-clean, with main tables of at most ${MAX_MAIN_COLUMNS} columns and 200 characters a line`, async () => {
    const root = path.resolve(PACKAGE_DIR, '..', '..');
    const out = await tempDir();
    const { written } = await generateDocs({ root, outDir: out });
    const pages = written.filter((file) => file.endsWith('.md') && file !== 'README.md');
    expect(pages.length).toBeGreaterThan(0);
    for (const name of pages) {
      const lines = mainTableLines(await readFile(path.join(out, name), 'utf8'));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect([name, line.length <= 200, line]).toEqual([name, true, line]);
        expect([name, line.split(' | ').length <= MAX_MAIN_COLUMNS, line]).toEqual([name, true, line]);
      }
    }
    const lint = await lintMarkdown(out);
    expect(lint.output).toContain('0 error(s)');
  });
});

describe('the committed docs for a reviewer', () => {
  it('the hub answers one row per question, each cell in the words of its own engine page', async () => {
    const hub = await file('README.md');
    const pages = await enginePages();
    expect(pages.size).toBeGreaterThan(0);
    const answers = hub.slice(hub.indexOf('## Answers'), hub.indexOf('## What the suites measure'));
    const header = answers.split('\n').find((line) => line.startsWith('| question |'));
    expect(header).toBeDefined();
    const columns = header!
      .split(' | ')
      .slice(1)
      .map((cell) => cell.replace(/ \|$/, ''));
    const rows = answers
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| question') && !line.startsWith('| ---'));
    const questions = rows.map((row) => row.split(' | ')[0]);
    expect(new Set(questions).size).toBe(questions.length);
    let checked = 0;
    for (const row of rows) {
      const cells = row.slice(2, -2).split(' | ').slice(1);
      for (const [index, cell] of cells.entries()) {
        const title = columns[index]!;
        const page = [...pages.values()].find((text) => text.startsWith(`# ${title} benchmark results`));
        expect(page, title).toBeDefined();
        const lines = page!.split('\n').filter((line) => line.startsWith('- '));
        for (const shown of cell.split('<br>')) {
          // The cell's line opens the page's line of the same engine: same labels, same winner, same ratio.
          const words = shown.replace(/ ‡$/, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
          expect(
            lines.some((line) => line.startsWith(`- ${words}`)),
            `${title}: ${shown}`,
          ).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('quotes answer lines in the root README as the engine pages write them', async () => {
    const readme = (await readFile(path.resolve(PACKAGE_DIR, '..', '..', 'README.md'), 'utf8')).replace(
      /\s+/g,
      ' ',
    );
    const quotes = [...readme.matchAll(/e\.g\. "([^"]+)"/g)].map((match) => match[1]!);
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    const pages = [...(await enginePages()).values()].join('\n');
    for (const quote of quotes) expect(pages, quote).toContain(quote);
  });

  it('puts the shared-cores caveat right under the answers, before what the suites measure', async () => {
    const hub = await file('README.md');
    const caveat = hub.indexOf('**Client and server shared the cores.**');
    expect(caveat).toBeGreaterThan(hub.indexOf('## Answers'));
    expect(caveat).toBeLessThan(hub.indexOf('## What the suites measure'));
    expect(hub.indexOf('## Answers')).toBeLessThan(hub.indexOf('## How to reproduce'));
  });

  it('draws every answer line in the answers chart or names it in the caption', async () => {
    for (const [name, page] of await enginePages()) {
      const spec = JSON.parse(await file(`charts/${name}-answers.vl.json`)) as {
        layer: { data: { values: unknown[] } }[];
      };
      const drawn = spec.layer[2]!.data.values.length;
      const answers = page.slice(page.indexOf('## Answers'), page.indexOf('Each ratio carries'));
      const lines = answers.split('\n').filter((line) => line.startsWith('- ')).length;
      const caption =
        page.split('\n').find((line) => line.startsWith('Each row is one speed answer above')) ?? '';
      const leftOut = [...caption.matchAll(/(\d+) lines? (?:of|not answered)/g)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
      expect({ name, accounted: drawn + leftOut }).toEqual({ name, accounted: lines });
    }
  });

  it('charts plot on a log or linear scale (never symlog), 4 significant digits, one SVG element per line', async () => {
    const charts = (await readdir(path.join(rendered, 'charts'))).sort();
    expect(charts.length).toBeGreaterThan(10);
    for (const name of charts) {
      const text = await file(`charts/${name}`);
      if (name.endsWith('.vl.json')) {
        expect(text, name).not.toContain('symlog');
        for (const [, digits] of text.matchAll(/"(?:score|low|high|ratio)": (-?[\d.]+)/g)) {
          expect(Number(Number(digits).toPrecision(4)), `${name}: ${digits}`).toBe(Number(digits));
        }
      } else {
        const longest = Math.max(...text.split('\n').map((line) => line.length));
        expect(longest, name).toBeLessThan(4000);
      }
    }
  });

  it('plots what answers the question: rates for timed jobs, memory for the benchmark about memory', async () => {
    const specs = await Promise.all(
      (await readdir(path.join(rendered, 'charts')))
        .filter((name) => name.endsWith('.vl.json') && !name.includes('-answers'))
        .map(async (name) => ({ name, text: await file(`charts/${name}`) })),
    );
    const titled = (title: string) => specs.filter((spec) => spec.text.includes(`"subtitle": "${title}`));
    // Every time-per-operation benchmark that records rows/s is drawn as rows/s, and peak RSS is drawn
    // for the benchmark no question compares on its time.
    expect(titled('rows/s').length).toBeGreaterThan(6);
    expect(titled('memory.peakRss').length).toBe((await enginePages()).size);
  });
});
