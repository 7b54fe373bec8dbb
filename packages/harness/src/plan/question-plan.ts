/**
 * The questions of a suite laid over a planned matrix: every line of every declared answer whose two
 * sides are both planned, with the plan indexes on each side, and the groups they link. The run
 * schedules by it, `--shard` keeps each group on one machine.
 */
import type { SuiteDefinition } from '../define/definition.js';
import type { AnswerDeclaration } from '../define/presentation.js';
import { questionLines } from './question-lines.js';
import type { Combination } from './run-plan.js';
import { questionGroups, type ScheduledLine } from '../run/question-schedule.js';

/** A planned line: its declaration, its `per` values and the plan indexes of either side. */
export interface PlannedLine extends ScheduledLine {
  readonly declaration: AnswerDeclaration;
  readonly at: Readonly<Record<string, string>>;
}

/** The suite's question lines over `plan` (lines with a side outside the plan are left out). */
export function plannedLines(suite: SuiteDefinition, plan: readonly Combination[]): PlannedLine[] {
  const items = plan.map((combination, index) => ({
    suite: suite.name,
    benchmark: combination.benchmarkName,
    params: combination.params,
    index,
  }));
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
