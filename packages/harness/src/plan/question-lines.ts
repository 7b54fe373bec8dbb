/**
 * Which results a declared answer compares: its lines (one per value of its `per` axes) and, for
 * each, the results that make up either side. Used by the run, to measure a line's two sides
 * interleaved, and by the docs, to answer it; both see the same lines.
 */
import type { AnswerDeclaration, AnswerSide } from '../define/presentation.js';

/** A result or a planned combination, as a declaration sees it. */
export interface QuestionItem {
  /** The suite it belongs to. */
  readonly suite: string;
  /** The benchmark's short name, e.g. `job`. */
  readonly benchmark: string;
  readonly params: Readonly<Record<string, string>>;
}

/** One line of a declared answer and the items on either side of it. */
export interface QuestionLine<Item extends QuestionItem> {
  /** The `per` axes' values of the line, e.g. `{ dataSize: '100000' }`. */
  readonly at: Readonly<Record<string, string>>;
  readonly baseline: readonly Item[];
  readonly candidate: readonly Item[];
}

/**
 * Whether `item` belongs to `side` at the line `at`: same benchmark, same suite (the declaring one
 * unless the side names another), and every `where` and `per` value.
 */
export function sideMatches(
  item: QuestionItem,
  side: AnswerSide,
  at: Readonly<Record<string, string>>,
  declaringSuite: string,
): boolean {
  if (item.benchmark !== side.benchmark) return false;
  if (item.suite !== (side.suite ?? declaringSuite)) return false;
  const wanted = { ...side.where, ...at };
  return Object.entries(wanted).every(([axis, value]) => item.params[axis] === value);
}

/**
 * Every combination of the `per` axes' values among `items` that both sides have (a value only one
 * side was measured at — a grid that narrows one side — is no line), in first-seen order. When no
 * value has both sides, the candidate's values, so the docs can say which side is missing.
 */
export function perPoints(
  declaration: AnswerDeclaration,
  items: readonly QuestionItem[],
  declaringSuite: string,
): Record<string, string>[] {
  const valuesOf = (side: AnswerSide): Map<string, Record<string, string>> => {
    const points = new Map<string, Record<string, string>>();
    for (const item of items) {
      if (!sideMatches(item, side, {}, declaringSuite)) continue;
      const at: Record<string, string> = {};
      for (const axis of declaration.per ?? []) {
        const value = item.params[axis];
        if (value !== undefined) at[axis] = value;
      }
      points.set(JSON.stringify(at), at);
    }
    return points;
  };
  const candidate = valuesOf(declaration.candidate);
  const baseline = valuesOf(declaration.baseline);
  const both = [...candidate].filter(([key]) => baseline.has(key)).map(([, at]) => at);
  return both.length > 0 ? both : [...candidate.values()];
}

/** The lines of `declaration` among `items` with each side's items. */
export function questionLines<Item extends QuestionItem>(
  declaration: AnswerDeclaration,
  items: readonly Item[],
  declaringSuite: string,
): QuestionLine<Item>[] {
  return perPoints(declaration, items, declaringSuite).map((at) => ({
    at,
    baseline: items.filter((item) => sideMatches(item, declaration.baseline, at, declaringSuite)),
    candidate: items.filter((item) => sideMatches(item, declaration.candidate, at, declaringSuite)),
  }));
}
