import { notScorable, readAnswers, unanswered, wrongForm, type Instrument } from './instrument';

/**
 * HOOS JR (Hip disability and Osteoarthritis Outcome Score for Joint Replacement), © Hospital for
 * Special Surgery. Lyman S, Lee YY, Franklin PD, Li W, Mayman DJ, Padgett DE. Validation of the
 * HOOS, JR: a short-form hip replacement survey. Clin Orthop Relat Res. 2016;474(6):1472-1482.
 *
 * Six items scored 0 (none) to 4 (extreme); the raw sum 0–24 converts to the interval score
 * 0–100 (100 = perfect hip health) through the developers' table below. The table is for a
 * complete response: with an unanswered item there is no score.
 */
export const HOOS_JR_INTERVAL_SCORE: readonly number[] = [
  100.0, 92.34, 85.257, 80.55, 76.776, 73.472, 70.426, 67.516, 64.664, 61.815, 58.93, 55.985,
  52.965, 49.858, 46.652, 43.335, 39.902, 36.363, 32.735, 29.009, 25.103, 20.805, 15.633, 8.104,
  0.0,
];

const SEVERITY = ['None', 'Mild', 'Moderate', 'Severe', 'Extreme'];
const PAIN =
  'What amount of hip pain have you experienced the last week during the following activity:';
const FUNCTION =
  'What degree of difficulty have you experienced the last week due to your hip during the following activity:';
const TITLE = 'HOOS JR Hip Survey';

export const HOOS_JR: Instrument = {
  title: TITLE,
  description:
    'Hip disability and Osteoarthritis Outcome Score for Joint Replacement (HOOS JR): six questions about hip pain and daily function during the last week.',
  measures: ['HOOS_JR'],
  questions: [
    { question: `${PAIN} going up or down stairs?`, options: SEVERITY },
    { question: `${PAIN} walking on an uneven surface?`, options: SEVERITY },
    { question: `${FUNCTION} rising from sitting?`, options: SEVERITY },
    { question: `${FUNCTION} bending to floor/pick up an object?`, options: SEVERITY },
    {
      question: `${FUNCTION} lying in bed (turning over, maintaining hip position)?`,
      options: SEVERITY,
    },
    { question: `${FUNCTION} sitting?`, options: SEVERITY },
  ],
  score(answers) {
    const read = readAnswers(HOOS_JR.questions, answers);
    if (!read) return notScorable(HOOS_JR.measures, wrongForm(6, 'HOOS JR'));
    const missing = read.filter((a) => a === null).length;
    if (missing > 0) return notScorable(HOOS_JR.measures, unanswered(missing));
    const raw = read.reduce<number>((sum, a) => sum + (a ?? 0), 0);
    return [{ measure: 'HOOS_JR', value: HOOS_JR_INTERVAL_SCORE[raw] ?? 0, reason: null }];
  },
};
