import type { Measure } from '@recovery-portal/contract/instruments';
import type { SurveyQuestion } from '@recovery-portal/contract/surveys';

/** One published score of a response: its value, or why the instrument's rules give none. */
export type MeasureResult =
  | { measure: Measure; value: number; reason: null }
  | { measure: Measure; value: null; reason: string };

/**
 * A validated questionnaire as its developers publish it: the items in the published order and
 * wording, and the scoring from the chosen option indexes (0 = the first option shown).
 */
export interface Instrument {
  /** The surveys table's unique title. */
  title: string;
  description: string;
  questions: SurveyQuestion[];
  /** Every score the instrument gives, in order. */
  measures: readonly Measure[];
  score: (answers: readonly (number | null)[]) => MeasureResult[];
}

/**
 * The chosen option of each item, or null where unanswered or outside the item's options (a
 * corrupt row must never count as an answer). Null when the response does not have the
 * instrument's number of items: it was given on another form.
 */
export function readAnswers(
  questions: readonly SurveyQuestion[],
  answers: readonly unknown[],
): (number | null)[] | null {
  if (answers.length !== questions.length) return null;
  return questions.map((question, index) => {
    const answer = answers[index];
    return typeof answer === 'number' &&
      Number.isInteger(answer) &&
      answer >= 0 &&
      answer < question.options.length
      ? answer
      : null;
  });
}

export function notScorable(measures: readonly Measure[], reason: string): MeasureResult[] {
  return measures.map((measure) => ({ measure, value: null, reason }));
}

export function wrongForm(itemCount: number, title: string): string {
  return `The response has a different number of answers than the ${itemCount} items of ${title}: it was given on another form.`;
}

export function unanswered(count: number): string {
  return count === 1 ? '1 item is unanswered.' : `${count} items are unanswered.`;
}
