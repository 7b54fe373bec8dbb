/**
 * A table for the `table` partial. Plain strings are escaped for a table cell by the template's
 * `cell` helper; `{ markdown }` cells (links, code) are written as given.
 */
export type TableCell = string | { readonly markdown: string };

/** Header and rows of one Markdown table. */
export interface MarkdownTable {
  readonly header: readonly TableCell[];
  readonly rows: readonly (readonly TableCell[])[];
}

/** A cell holding Markdown (a link, inline code) that must not be escaped. */
export function markdownCell(markdown: string): TableCell {
  return { markdown };
}

/** Inline code in a cell; backticks inside are dropped since a cell cannot hold them safely. */
export function codeCell(text: string): TableCell {
  return { markdown: `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\`` };
}

/**
 * Markdown for a table cell that keeps its emphasis (`**COPY** is 6.0× faster`): only what would
 * break the row or read as HTML is escaped — pipes, line breaks, `<` and `>`.
 */
export function inlineCellMarkdown(text: string): string {
  return text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .trim();
}
