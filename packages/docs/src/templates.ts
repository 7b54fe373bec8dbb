import Handlebars from 'handlebars';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeTableCell, formatNumber, formatPercent } from './format.js';
import type { TableCell } from './markdown-table.js';

/** Where the package's templates live (beside `dist/` and `src/`). */
export const DEFAULT_TEMPLATE_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** The compiled page templates. */
export interface PageTemplates {
  readonly hub: (model: object) => string;
  readonly engine: (model: object) => string;
  readonly jmh: (model: object) => string;
}

function cellText(cell: TableCell): string {
  return typeof cell === 'string' ? escapeTableCell(cell) || '—' : cell.markdown;
}

/**
 * Loads the Handlebars templates into an isolated instance (no global helpers leak in or out),
 * compiled with `noEscape` (this is Markdown, not HTML) and `strict` (a misspelt field fails the
 * build instead of rendering blank).
 *
 * Helpers: `cell` (escape text for a table cell), `inline` (escape text for a list item), `num`
 * (3 significant digits, en-US), `pct` (signed percent), `join` (list with a separator), `code`
 * (inline code). Partials: `table`, `benchmark` (one benchmark's section), `reading` (how to read
 * the tables), `comparison`.
 */
export async function loadTemplates(directory: string = DEFAULT_TEMPLATE_DIR): Promise<PageTemplates> {
  const handlebars = Handlebars.create();
  handlebars.registerHelper('cell', (cell: TableCell) => cellText(cell));
  handlebars.registerHelper('inline', (text: string) => escapeTableCell(text));
  handlebars.registerHelper('num', (value: number) => formatNumber(value));
  handlebars.registerHelper('pct', (value: number) => formatPercent(value));
  handlebars.registerHelper('join', (items: readonly string[], separator: unknown) =>
    items.join(typeof separator === 'string' ? separator : ', '),
  );
  handlebars.registerHelper('code', (text: string) => `\`${text}\``);
  const read = (name: string) => readFile(path.join(directory, name), 'utf8');
  for (const partial of ['table', 'benchmark', 'reading', 'comparison']) {
    handlebars.registerPartial(partial, await read(`partials/${partial}.md.hbs`));
  }
  const compile = async (name: string) => {
    const template = handlebars.compile(await read(name), { noEscape: true, strict: true });
    return (model: object) => template(model);
  };
  return {
    hub: await compile('hub.md.hbs'),
    engine: await compile('engine.md.hbs'),
    jmh: await compile('jmh.md.hbs'),
  };
}
