/**
 * The questions of a suite laid over a planned matrix: every line of every declared answer whose two
 * sides are both planned, with the plan indexes on each side, and the groups they link. The run
 * schedules by it, `--shard` keeps each group on one machine.
 */
import type { SuiteDefinition } from '../define/definition.js';
import type { AnswerDeclaration, AnswerSide } from '../define/presentation.js';
import { questionLines, sideMatches } from './question-lines.js';
import type { Combination } from './run-plan.js';
import { questionGroups, type ScheduledLine } from '../run/question-schedule.js';

/** A planned line: its declaration, its `per` values and the plan indexes of either side. */
export interface PlannedLine extends ScheduledLine {
  readonly declaration: AnswerDeclaration;
  readonly at: Readonly<Record<string, string>>;
}

/** The suite's question lines over `plan` (lines with a side outside the plan are left out). */
export function plannedLines(suite: SuiteDefinition, plan: readonly Combination[]): PlannedLine[] {
  const items = planItems(suite, plan);
  // A bound question (`crossing`) compares no pair: nothing to measure in rounds for it.
  const paired = (suite.display?.answers ?? []).filter((declaration) => declaration.crossing === undefined);
  return paired.flatMap((declaration) =>
    questionLines(declaration, items, suite.name)
      .filter((line) => line.baseline.length > 0 && line.candidate.length > 0)
      .map((line) => ({
        declaration,
        at: line.at,
        baseline: line.baseline.map((item) => item.index),
        candidate: line.candidate.map((item) => item.index),
      })),
  );
}

/** The groups of `plan` its question lines link (see {@link questionGroups}). */
export function plannedGroups(suite: SuiteDefinition, plan: readonly Combination[]): number[][] {
  return questionGroups(plan.length, plannedLines(suite, plan));
}

/**
 * The plan indexes of the combinations that a question compares with results of another suite: the
 * sides of the suite's own answers whose other side names another suite, and the sides its display
 * lists for another suite's answers (`sidesOfOtherAnswers`). The two sides of such a line are
 * measured in different runs, never in shared rounds, so only forks a side give it an interval.
 */
export function apartCombinations(suite: SuiteDefinition, plan: readonly Combination[]): Set<number> {
  const own = (side: AnswerSide): boolean => side.suite === undefined || side.suite === suite.name;
  const sides: AnswerSide[] = [...(suite.display?.sidesOfOtherAnswers ?? [])];
  for (const declaration of suite.display?.answers ?? []) {
    if (declaration.crossing !== undefined) continue;
    const { baseline, candidate } = declaration;
    if (own(baseline) && !own(candidate)) sides.push(baseline);
    if (own(candidate) && !own(baseline)) sides.push(candidate);
  }
  return new Set(
    planItems(suite, plan)
      .filter((item) => sides.some((side) => sideMatches(item, side, {}, suite.name)))
      .map((item) => item.index),
  );
}

/** The plan's combinations as a declaration sees them, each with its plan index. */
function planItems(suite: SuiteDefinition, plan: readonly Combination[]) {
  return plan.map((combination, index) => ({
    suite: suite.name,
    benchmark: combination.benchmarkName,
    params: combination.params,
    index,
  }));
}
