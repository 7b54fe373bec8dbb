/**
 * Which answer lines read differently from the previous committed reports: the first thing a
 * reviewer of a results pull request wants to know, put at the top of the hub. A line counts as
 * changed when its outcome or its winner changed; a ratio that moved within the same verdict does
 * not (the engine page's comparison shows every number).
 */
import type { Answer, AnswerLine } from './answers.js';

/** One answer line whose verdict changed, in words. */
export interface AnswerChange {
  readonly suite: string;
  /** "COPY or multi-row INSERT to load a table? (dataSize 1,000)". */
  readonly line: string;
  readonly before: string;
  readonly now: string;
}

// By the question's words, not its position: a suite that adds or reorders questions between runs
// would otherwise compare one question's line with another's.
function lineKey(answer: Answer, line: AnswerLine): string {
  return JSON.stringify([answer.suite, answer.question, line.at]);
}

/** A line's verdict in a few words: its outcome, and the winner of a decided line. */
function shortVerdict(line: AnswerLine): string {
  return line.outcome === 'decided' && line.winner !== undefined ? `decided (${line.winner})` : line.outcome;
}

/**
 * The lines of `current` whose outcome or winner differs from the same line (suite, question,
 * `per` values) in `previous`, in page order. Lines new or gone are not changes of a verdict and
 * are left to the engine page.
 */
export function answerChanges(current: readonly Answer[], previous: readonly Answer[]): AnswerChange[] {
  const before = new Map<string, AnswerLine>();
  for (const answer of previous) for (const line of answer.lines) before.set(lineKey(answer, line), line);
  return current.flatMap((answer) =>
    answer.lines.flatMap((line) => {
      const old = before.get(lineKey(answer, line));
      if (old === undefined || shortVerdict(old) === shortVerdict(line)) return [];
      return [
        {
          suite: answer.suite,
          line: `${answer.question}${line.atLabel === '' ? '' : ` (${line.atLabel})`}`,
          before: shortVerdict(old),
          now: line.verdict,
        },
      ];
    }),
  );
}
