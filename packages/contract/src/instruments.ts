import * as z from 'zod/mini';

/**
 * The published scores the portal reports. One questionnaire can give more than one: PROMIS
 * Global Health v1.2 gives Global Physical Health (GPH) and Global Mental Health (GMH).
 * docs/instruments.md lists each instrument, its licence and how to add another.
 */
export const MEASURES = ['KOOS_JR', 'HOOS_JR', 'PROMIS_GPH', 'PROMIS_GMH', 'PROMIS_PI_4A'] as const;
export const measureSchema = z.enum(MEASURES);
export type Measure = z.infer<typeof measureSchema>;

/** A published threshold with the publication it comes from. */
export interface PublishedThreshold {
  value: number;
  /** Short citation for sentences: 'Lyman et al. 2018'. */
  cite: string;
  source: string;
}

export interface MeasureInfo {
  /**
   * How the score is named next to its number, spelled out where an abbreviation would need a
   * key: 'KOOS JR', 'Global Physical Health T-score'.
   */
  label: string;
  /** The instrument and score in full. */
  name: string;
  min: number;
  max: number;
  higherIsBetter: boolean;
  /** Decimals the publication reports the score with. */
  decimals: number;
  /** The scale in words, shown after the score. */
  scaleText: string;
  /**
   * Minimal clinically important difference: the smallest change from PreOp a patient notices
   * as an improvement. Null where no published value has been entered.
   */
  mcid: PublishedThreshold | null;
  /** Patient-acceptable symptom state: the score above which patients call their state acceptable. */
  pass: PublishedThreshold | null;
  /**
   * Substantial clinical benefit: the improvement from PreOp patients call a great deal better.
   * Null where none is published or entered.
   */
  scb: PublishedThreshold | null;
}

const LYMAN_2018_MCID =
  'Lyman S, Lee YY, McLawhorn AS, Islam W, MacLean CH. What are the minimal and substantial improvements in the HOOS and KOOS and JR versions after total joint replacement? Clin Orthop Relat Res. 2018;476(12):2432-2441 (PMID 30179951), anchor-based MCID at 2 years.';
export const KUNZE_2022_PASS =
  'Kunze KN, Fontana MA, MacLean CH, Lyman S, McLawhorn AS. Defining the patient acceptable symptom state for the HOOS JR and KOOS JR after primary total joint arthroplasty. J Bone Joint Surg Am. 2022;104(4):345-352, PASS at 2 years.';
const CHEN_2018_MID =
  'Chen CX, Kroenke K, Stump TE, et al. Estimating minimally important differences for the PROMIS pain interference scales: results from 3 randomized clinical trials. Pain. 2018;159(4):775-782: 2 to 3 T-score points in the pain samples (including hip and knee osteoarthritis); the upper end is used.';
export const AJRR_2026_TKA =
  'American Joint Replacement Registry study of 64,773 primary TKAs. J Bone Joint Surg Am. 2026, doi 10.2106/JBJS.25.00952 (abstract): KOOS JR MCID 14 (anchor-based) and 7.5 (distribution-based), substantial clinical benefit 20 (the CMS figure).';
export const MEDICARE_THA_2025 =
  'J Arthroplasty. 2025, doi 10.1016/j.arth.2025.09.027, PMID 41016609 (abstract): HOOS JR PASS 76.8 and substantial clinical benefit 22 (CMS) in 18,855 Medicare THAs.';
const T_SCORE_TEXT = 'T-score, mean 50, SD 10';

export const MEASURE_INFO: Record<Measure, MeasureInfo> = {
  KOOS_JR: {
    label: 'KOOS JR',
    name: 'KOOS JR interval score',
    min: 0,
    max: 100,
    higherIsBetter: true,
    decimals: 2,
    scaleText: '0–100, 100 = best',
    mcid: { value: 14, cite: 'Lyman et al. 2018', source: LYMAN_2018_MCID },
    pass: { value: 63.7, cite: 'Kunze et al. 2022', source: KUNZE_2022_PASS },
    scb: { value: 20, cite: 'AJRR, J Bone Joint Surg Am 2026', source: AJRR_2026_TKA },
  },
  HOOS_JR: {
    label: 'HOOS JR',
    name: 'HOOS JR interval score',
    min: 0,
    max: 100,
    higherIsBetter: true,
    decimals: 2,
    scaleText: '0–100, 100 = best',
    mcid: { value: 18, cite: 'Lyman et al. 2018', source: LYMAN_2018_MCID },
    pass: { value: 76.7, cite: 'Kunze et al. 2022', source: KUNZE_2022_PASS },
    scb: { value: 22, cite: 'J Arthroplasty 2025', source: MEDICARE_THA_2025 },
  },
  PROMIS_GPH: {
    label: 'Global Physical Health T-score',
    name: 'PROMIS Global Health v1.2, Global Physical Health',
    min: 16.2,
    max: 67.7,
    higherIsBetter: true,
    decimals: 1,
    scaleText: `${T_SCORE_TEXT}, higher = better`,
    mcid: null,
    pass: null,
    scb: null,
  },
  PROMIS_GMH: {
    label: 'Global Mental Health T-score',
    name: 'PROMIS Global Health v1.2, Global Mental Health',
    min: 21.2,
    max: 67.6,
    higherIsBetter: true,
    decimals: 1,
    scaleText: `${T_SCORE_TEXT}, higher = better`,
    mcid: null,
    pass: null,
    scb: null,
  },
  PROMIS_PI_4A: {
    label: 'Pain Interference T-score',
    name: 'PROMIS Pain Interference Short Form 4a',
    min: 41.6,
    max: 75.6,
    higherIsBetter: false,
    decimals: 1,
    scaleText: `${T_SCORE_TEXT}, higher = more interference`,
    mcid: { value: 3, cite: 'Chen et al. 2018', source: CHEN_2018_MID },
    pass: null,
    scb: null,
  },
};

/** The number as the publication reports it: 65.99, 42.3. */
export function formatMeasureValue(measure: Measure, value: number): string {
  return value.toFixed(MEASURE_INFO[measure].decimals);
}

/**
 * A change from PreOp in words, whichever way the scale runs: `improvement` is positive when the
 * score got better (a lower Pain Interference T-score is better). 'better by 1.3', 'worse by
 * 1.3', or 'no change' when it rounds to nothing at the instrument's decimals.
 */
export function describeChange(measure: Measure, improvement: number): string {
  const size = formatMeasureValue(measure, Math.abs(improvement));
  if (Number(size) === 0) return 'no change';
  return `${improvement > 0 ? 'better' : 'worse'} by ${size}`;
}

/** 'KOOS JR 65.99 (0–100, 100 = best)' or, short, 'Global Physical Health T-score 42.3'. */
export function formatMeasureScore(
  measure: Measure,
  value: number,
  options: { withScale?: boolean } = {},
): string {
  const info = MEASURE_INFO[measure];
  const text = `${info.label} ${formatMeasureValue(measure, value)}`;
  return options.withScale ? `${text} (${info.scaleText})` : text;
}

/**
 * One published score of a submitted questionnaire: its value, or null with the reason it
 * cannot be scored (an unanswered item the instrument's rules do not allow, an earlier form).
 */
export const measureScoreSchema = z.object({
  measure: measureSchema,
  label: z.string(),
  value: z.nullable(z.number()),
  /** 'KOOS JR 65.99 (0–100, 100 = best)', or 'KOOS JR not scorable'. */
  display: z.string(),
  not_scorable_reason: z.nullable(z.string()),
});
export type MeasureScore = z.infer<typeof measureScoreSchema>;
