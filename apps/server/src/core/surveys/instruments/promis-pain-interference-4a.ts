import { notScorable, readAnswers, wrongForm, type Instrument } from './instrument';

/**
 * PROMIS Short Form v1.0 – Pain Interference 4a, © PROMIS Health Organization, used under the
 * HealthMeasures terms of use. Raw-score to T-score table (mean 50, SD 10 in the US general
 * population; higher = more interference) of the HealthMeasures PROMIS Pain Interference
 * scoring manual; Amtmann D, Cook KF, Jensen MP, et al. Development of a PROMIS item bank to
 * measure pain interference. Pain. 2010;150(1):173-182.
 *
 * Four items scored 1 (not at all) to 5 (very much), raw sum 4–20. The manual allows a short
 * form with at least half of its items answered to be prorated: raw sum × 4 / items answered,
 * rounded up to a whole number. With fewer answers there is no score.
 */
export const PAIN_INTERFERENCE_4A_T: Readonly<Record<number, number>> = {
  4: 41.6,
  5: 49.6,
  6: 52.0,
  7: 53.9,
  8: 55.6,
  9: 57.1,
  10: 58.5,
  11: 59.9,
  12: 61.2,
  13: 62.5,
  14: 63.8,
  15: 65.2,
  16: 66.6,
  17: 68.0,
  18: 69.7,
  19: 71.6,
  20: 75.6,
};

const ITEMS = 4;
const TITLE = 'PROMIS Pain Interference 4a';
const INTERFERENCE = ['Not at all', 'A little bit', 'Somewhat', 'Quite a bit', 'Very much'];

export const PROMIS_PAIN_INTERFERENCE_4A: Instrument = {
  title: TITLE,
  description:
    'PROMIS Pain Interference Short Form 4a: four questions about how much pain interfered with daily life over the past seven days, scored as a T-score.',
  measures: ['PROMIS_PI_4A'],
  questions: [
    {
      question: 'In the past 7 days, how much did pain interfere with your day to day activities?',
      options: INTERFERENCE,
    },
    {
      question: 'In the past 7 days, how much did pain interfere with work around the home?',
      options: INTERFERENCE,
    },
    {
      question:
        'In the past 7 days, how much did pain interfere with your ability to participate in social activities?',
      options: INTERFERENCE,
    },
    {
      question: 'In the past 7 days, how much did pain interfere with your household chores?',
      options: INTERFERENCE,
    },
  ],
  score(answers) {
    const read = readAnswers(PROMIS_PAIN_INTERFERENCE_4A.questions, answers);
    const measures = PROMIS_PAIN_INTERFERENCE_4A.measures;
    if (!read) return notScorable(measures, wrongForm(ITEMS, TITLE));
    const answered = read.filter((a): a is number => a !== null);
    if (answered.length * 2 < ITEMS) {
      return notScorable(
        measures,
        `Only ${answered.length} of ${ITEMS} items are answered; the scoring manual needs at least half.`,
      );
    }
    const sum = answered.reduce((total, a) => total + a + 1, 0);
    const raw = Math.ceil((sum * ITEMS) / answered.length);
    return [{ measure: 'PROMIS_PI_4A', value: PAIN_INTERFERENCE_4A_T[raw] ?? 0, reason: null }];
  },
};
