/**
 * Scanning a page of source text (`id\tname\tamount\tcategory\n` lines, see `transform-text.ts`)
 * without splitting it into strings first: the bulk writers' reader and transform both walk a page
 * this way.
 */

/**
 * Where one line's fields start: `name` at `nameAt`, `amount` at `amountAt`, `category` at
 * `categoryAt`; the id runs from `start` to `nameAt - 1` and each field ends one before the next
 * field's offset (the category at `end`, the line's newline).
 */
export type SourceLineVisitor = (
  start: number,
  nameAt: number,
  amountAt: number,
  categoryAt: number,
  end: number,
) => void;

/** Calls `visit` with the field offsets of every line of `text`; throws on a line without four fields. */
export function forEachSourceLine(text: string, visit: SourceLineVisitor): void {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const nameAt = text.indexOf('\t', start) + 1;
    const amountAt = text.indexOf('\t', nameAt) + 1;
    const categoryAt = text.indexOf('\t', amountAt) + 1;
    if (end === -1 || nameAt === 0 || amountAt === 0 || categoryAt === 0 || categoryAt > end) {
      throw new TypeError(`source text: line at offset ${start} does not have four fields`);
    }
    visit(start, nameAt, amountAt, categoryAt, end);
    start = end + 1;
  }
}

/** How many times `character` occurs in `text` (lines, when it is a newline). */
export function occurrences(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
}
