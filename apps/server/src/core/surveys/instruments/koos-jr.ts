import { notScorable, readAnswers, unanswered, wrongForm, type Instrument } from './instrument';

/**
 * KOOS JR (Knee injury and Osteoarthritis Outcome Score for Joint Replacement), © Hospital for
 * Special Surgery. Lyman S, Lee YY, Franklin PD, Li W, Cross MB, Padgett DE. Validation of the
 * KOOS, JR: a short-form knee arthroplasty outcomes survey. Clin Orthop Relat Res.
 * 2016;474(6):1461-1471.
 *
 * Seven items scored 0 (none) to 4 (extreme); the raw sum 0–28 converts to the interval score
 * 0–100 (100 = perfect knee health) through the developers' table below. The table is for a
 * complete response: with an unanswered item there is no score.
 */
export const KOOS_JR_INTERVAL_SCORE: readonly number[] = [
  100.0, 91.975, 84.6, 79.914, 76.332, 73.342, 70.704, 68.284, 65.994, 63.776, 61.583, 59.381,
  57.14, 54.84, 52.465, 50.012, 47.487, 44.905, 42.281, 39.625, 36.931, 34.174, 31.307, 28.251,
  24.875, 20.941, 15.939, 8.291, 0.0,
];

const SEVERITY = ['None', 'Mild', 'Moderate', 'Severe', 'Extreme'];
const TITLE = 'KOOS JR Knee Survey';

export const KOOS_JR: Instrument = {
  title: TITLE,
  description:
    'Knee injury and Osteoarthritis Outcome Score for Joint Replacement (KOOS JR): seven questions about knee stiffness, pain and daily function during the last week.',
  measures: ['KOOS_JR'],
  questions: [
    {
      question: 'How severe is your knee stiffness after first wakening in the morning?',
      options: SEVERITY,
    },
    {
      question:
        'What amount of knee pain have you experienced when twisting or pivoting on your knee?',
      options: SEVERITY,
    },
    {
      question: 'What amount of knee pain have you experienced when straightening your knee fully?',
      options: SEVERITY,
    },
    {
      question: 'What amount of knee pain have you experienced when going up or down stairs?',
      options: SEVERITY,
    },
    {
      question: 'What amount of knee pain have you experienced when standing upright?',
      options: SEVERITY,
    },
    { question: 'What degree of difficulty do you have rising from sitting?', options: SEVERITY },
    {
      question:
        'What degree of difficulty do you have bending to the floor or picking up an object?',
      options: SEVERITY,
    },
  ],
  score(answers) {
    const read = readAnswers(KOOS_JR.questions, answers);
    if (!read) return notScorable(KOOS_JR.measures, wrongForm(7, 'KOOS JR'));
    const missing = read.filter((a) => a === null).length;
    if (missing > 0) return notScorable(KOOS_JR.measures, unanswered(missing));
    const raw = read.reduce<number>((sum, a) => sum + (a ?? 0), 0);
    return [{ measure: 'KOOS_JR', value: KOOS_JR_INTERVAL_SCORE[raw] ?? 0, reason: null }];
  },
};
