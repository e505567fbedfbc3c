import type { Measure } from '@recovery-portal/contract/instruments';
import {
  readAnswers,
  unanswered,
  wrongForm,
  type Instrument,
  type MeasureResult,
} from './instrument';

/**
 * PROMIS Global Health v1.2 (PROMIS Scale v1.2 – Global Health), © PROMIS Health Organization,
 * used under the HealthMeasures terms of use. Scored as two summary T-scores (mean 50, SD 10 in
 * the US general population) from the raw-score conversion tables of the HealthMeasures PROMIS
 * Global Health scoring manual; Hays RD, Bjorner JB, Revicki DA, Spritzer KL, Cella D.
 * Development of physical and mental health summary scores from the PROMIS global items. Qual
 * Life Res. 2009;18(7):873-880.
 *
 * GPH = Global03 + Global06 + Global07rc + Global08r; GMH = Global02 + Global04 + Global05 +
 * Global10r, each raw sum 4–20. Global07 (pain, 0–10) is recoded first: 0→5, 1–3→4, 4–6→3,
 * 7–9→2, 10→1. Global01 and Global09r are asked but belong to neither summary. The tables are for
 * all four items of a summary answered; each summary is scored on its own.
 */
export const GLOBAL_PHYSICAL_HEALTH_T: Readonly<Record<number, number>> = {
  4: 16.2,
  5: 19.9,
  6: 23.5,
  7: 26.7,
  8: 29.6,
  9: 32.4,
  10: 34.9,
  11: 37.4,
  12: 39.8,
  13: 42.3,
  14: 44.9,
  15: 47.7,
  16: 50.8,
  17: 54.1,
  18: 57.7,
  19: 61.9,
  20: 67.7,
};

export const GLOBAL_MENTAL_HEALTH_T: Readonly<Record<number, number>> = {
  4: 21.2,
  5: 25.1,
  6: 28.4,
  7: 31.3,
  8: 33.8,
  9: 36.3,
  10: 38.8,
  11: 41.1,
  12: 43.5,
  13: 45.8,
  14: 48.3,
  15: 50.8,
  16: 53.3,
  17: 56.0,
  18: 59.0,
  19: 62.5,
  20: 67.6,
};

/** Global07 pain rating 0–10 recoded to 5–1 before summing (scoring manual). */
export function recodeGlobal07(pain: number): number {
  if (pain === 0) return 5;
  if (pain <= 3) return 4;
  if (pain <= 6) return 3;
  if (pain <= 9) return 2;
  return 1;
}

const QUALITY = ['Excellent', 'Very good', 'Good', 'Fair', 'Poor'];
const PAIN_OPTIONS = [
  '0 No pain',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10 Worst pain imaginable',
];

/** Item ids in the order of the v1.2 form. */
const ITEM_IDS = [
  'Global01',
  'Global02',
  'Global03',
  'Global04',
  'Global05',
  'Global09r',
  'Global06',
  'Global10r',
  'Global08r',
  'Global07r',
] as const;
type ItemId = (typeof ITEM_IDS)[number];

const TITLE = 'PROMIS Global Health v1.2';

/** The 1–5 item score (5 best) of a five-option item whose first option is the best. */
const reversed = (index: number) => 5 - index;

function itemScore(id: ItemId, index: number): number {
  return id === 'Global07r' ? recodeGlobal07(index) : reversed(index);
}

const SUMMARIES: readonly {
  measure: Measure;
  items: readonly ItemId[];
  table: Readonly<Record<number, number>>;
}[] = [
  {
    measure: 'PROMIS_GPH',
    items: ['Global03', 'Global06', 'Global07r', 'Global08r'],
    table: GLOBAL_PHYSICAL_HEALTH_T,
  },
  {
    measure: 'PROMIS_GMH',
    items: ['Global02', 'Global04', 'Global05', 'Global10r'],
    table: GLOBAL_MENTAL_HEALTH_T,
  },
];

export const PROMIS_GLOBAL_HEALTH: Instrument = {
  title: TITLE,
  description:
    'PROMIS Global Health v1.2: ten questions about overall physical and mental health, pain, fatigue and social life, scored as Global Physical Health and Global Mental Health T-scores.',
  measures: ['PROMIS_GPH', 'PROMIS_GMH'],
  questions: [
    { question: 'In general, would you say your health is:', options: QUALITY },
    { question: 'In general, would you say your quality of life is:', options: QUALITY },
    { question: 'In general, how would you rate your physical health?', options: QUALITY },
    {
      question:
        'In general, how would you rate your mental health, including your mood and your ability to think?',
      options: QUALITY,
    },
    {
      question:
        'In general, how would you rate your satisfaction with your social activities and relationships?',
      options: QUALITY,
    },
    {
      question:
        'In general, please rate how well you carry out your usual social activities and roles. (This includes activities at home, at work and in your community, and responsibilities as a parent, child, spouse, employee, friend, etc.)',
      options: QUALITY,
    },
    {
      question:
        'To what extent are you able to carry out your everyday physical activities such as walking, climbing stairs, carrying groceries, or moving a chair?',
      options: ['Completely', 'Mostly', 'Moderately', 'A little', 'Not at all'],
    },
    {
      question:
        'In the past 7 days, how often have you been bothered by emotional problems such as feeling anxious, depressed or irritable?',
      options: ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
    },
    {
      question: 'In the past 7 days, how would you rate your fatigue on average?',
      options: ['None', 'Mild', 'Moderate', 'Severe', 'Very severe'],
    },
    {
      question: 'In the past 7 days, how would you rate your pain on average?',
      options: PAIN_OPTIONS,
    },
  ],
  score(answers) {
    const read = readAnswers(PROMIS_GLOBAL_HEALTH.questions, answers);
    if (!read) {
      const reason = wrongForm(10, TITLE);
      return PROMIS_GLOBAL_HEALTH.measures.map((measure) => ({ measure, value: null, reason }));
    }
    const byId = new Map(ITEM_IDS.map((id, index) => [id, read[index] ?? null]));
    return SUMMARIES.map(({ measure, items, table }): MeasureResult => {
      const chosen = items.map((id) => byId.get(id) ?? null);
      const missing = chosen.filter((a) => a === null).length;
      if (missing > 0) return { measure, value: null, reason: unanswered(missing) };
      const raw = items.reduce((sum, id, i) => sum + itemScore(id, chosen[i] ?? 0), 0);
      return { measure, value: table[raw] ?? 0, reason: null };
    });
  },
};
