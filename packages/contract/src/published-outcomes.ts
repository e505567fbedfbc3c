import {
  AJRR_2026_TKA,
  KUNZE_2022_PASS,
  MEASURE_INFO,
  MEDICARE_THA_2025,
  type Measure,
} from './instruments';

/**
 * Published figures the outcome charts and the programme view show next to the clinic's own
 * numbers. Every figure is copied from shared/evidence/outcomes.md (each source's abstract, as
 * that file says); where it found none, none is entered here. Decision record
 * 0016-published-outcome-scores says what is drawn and why no published curve is.
 */

/** When a published mean was measured: before surgery, or a window after it. */
export const ANCHOR_WINDOWS = ['PRE_OP', 'YEARS_1_2', 'OVER_2_YEARS'] as const;
export type AnchorWindow = (typeof ANCHOR_WINDOWS)[number];

export const ANCHOR_WINDOW_LABELS: Record<AnchorWindow, string> = {
  PRE_OP: 'before surgery',
  YEARS_1_2: '1-2 years',
  OVER_2_YEARS: 'over 2 years',
};

/** A published cohort mean with its spread: a point, never joined to another into a curve. */
export interface PublishedAnchor {
  window: AnchorWindow;
  mean: number;
  sd: number;
  n: number;
  /** Short label next to the point: 'registry, Bone Joint Open 2022'. */
  cite: string;
  source: string;
}

/** Share of a published cohort that reached a threshold. */
export interface PublishedRate {
  kind: 'MCID' | 'PASS' | 'SCB';
  percent: number;
  /** The sentence as the programme view prints it, numbers included. */
  text: string;
  cite: string;
  source: string;
}

const BJO_2022_REGISTRY =
  'Robotic-assisted primary TKA, multicentre registry (861 knees). Bone & Joint Open. 2022, doi 10.1302/2633-1462.37.BJO-2022-0076.R1 (abstract).';
const BJO_2022_CITE = 'registry, Bone Joint Open 2022';
const AJRR_CITE = 'AJRR, J Bone Joint Surg Am 2026';
const AJRR_SOURCE = AJRR_2026_TKA;
const KUNZE_CITE = 'Kunze et al. 2022';
const KUNZE_SOURCE = KUNZE_2022_PASS;
const MEDICARE_CITE = 'J Arthroplasty 2025';
const MEDICARE_SOURCE = MEDICARE_THA_2025;

/** Published means with their SD, per score. */
export const PUBLISHED_ANCHORS: Record<Measure, readonly PublishedAnchor[]> = {
  KOOS_JR: [
    {
      window: 'PRE_OP',
      mean: 51.6,
      sd: 11.5,
      n: 861,
      cite: BJO_2022_CITE,
      source: BJO_2022_REGISTRY,
    },
    {
      window: 'YEARS_1_2',
      mean: 85.1,
      sd: 13.8,
      n: 861,
      cite: BJO_2022_CITE,
      source: BJO_2022_REGISTRY,
    },
    {
      window: 'OVER_2_YEARS',
      mean: 87.9,
      sd: 13.0,
      n: 861,
      cite: BJO_2022_CITE,
      source: BJO_2022_REGISTRY,
    },
  ],
  HOOS_JR: [],
  PROMIS_GPH: [],
  PROMIS_GMH: [],
  PROMIS_PI_4A: [],
};

/** Published shares of patients who reached a threshold, per score. */
export const PUBLISHED_RATES: Record<Measure, readonly PublishedRate[]> = {
  KOOS_JR: [
    {
      kind: 'MCID',
      percent: 76.5,
      text: '76.5% of 64,773 knees reached the anchor-based MCID of 14 at 12 months (86.8% the distribution-based 7.5)',
      cite: AJRR_CITE,
      source: AJRR_SOURCE,
    },
    {
      kind: 'PASS',
      percent: 85.8,
      text: '85.8% of 4,036 knees reached the PASS of 63.7 at 2 years',
      cite: KUNZE_CITE,
      source: KUNZE_SOURCE,
    },
    {
      kind: 'SCB',
      percent: 65.7,
      text: '65.7% of 64,773 knees reached the substantial clinical benefit of 20 at 12 months',
      cite: AJRR_CITE,
      source: AJRR_SOURCE,
    },
  ],
  HOOS_JR: [
    {
      kind: 'MCID',
      percent: 94,
      text: '94% of Medicare inpatient hips reached the MCID (96% of outpatients), 18,855 hips',
      cite: MEDICARE_CITE,
      source: MEDICARE_SOURCE,
    },
    {
      kind: 'PASS',
      percent: 83.1,
      text: '83.1% of 5,216 hips reached the PASS of 76.7 (Medicare: 59% inpatients, 71% outpatients reached 76.8)',
      cite: KUNZE_CITE,
      source: KUNZE_SOURCE,
    },
    {
      kind: 'SCB',
      percent: 80,
      text: '80% of Medicare inpatient hips reached the substantial clinical benefit of 22 (85% of outpatients), 18,855 hips',
      cite: MEDICARE_CITE,
      source: MEDICARE_SOURCE,
    },
  ],
  PROMIS_GPH: [],
  PROMIS_GMH: [],
  PROMIS_PI_4A: [],
};

const NO_PROMIS_GLOBAL_THRESHOLDS =
  'No arthroplasty MCID, PASS or means after knee or hip replacement are published for PROMIS Global Health, so none is drawn.';

/**
 * What the chart says about the published reference of each score, in one sentence or two:
 * where a mean is missing, or why a band would mislead.
 */
export const PUBLISHED_REFERENCE_NOTES: Record<Measure, string> = {
  KOOS_JR:
    'Published KOOS JR means before surgery and 1-2 and over 2 years after are drawn as points with their SD; none was found at 6 weeks, 3 or 6 months, so no curve joins them.',
  HOOS_JR:
    'No published HOOS JR means after hip replacement were found, so none is drawn. Healthy US adults score 93.3 (women) and 95.7 (men), women over 70 89.8 (Raja et al., normative data of the HOOS JR).',
  PROMIS_GPH: NO_PROMIS_GLOBAL_THRESHOLDS,
  PROMIS_GMH: NO_PROMIS_GLOBAL_THRESHOLDS,
  PROMIS_PI_4A:
    'Many patients reach the best possible score (41.6, no interference): 76% of hip replacement patients did at 12 months (J Patient Rep Outcomes 2021, doi 10.1186/s41687-021-00313-1), so a mean ± SD band would not describe the scores and none is drawn. The smallest detectable change is 6.6.',
};

/** One publication a score's chart cites, once, with every figure taken from it. */
export interface MeasureReference {
  cite: string;
  source: string;
  figures: string[];
}

/**
 * The publications behind a score's thresholds, published means and rates, each once with what
 * it supplies: the one place a chart or report lists its sources.
 */
export function measureReferences(measure: Measure): MeasureReference[] {
  const info = MEASURE_INFO[measure];
  const byCite = new Map<string, MeasureReference>();
  const add = (cite: string, source: string, figure: string) => {
    const reference = byCite.get(cite) ?? { cite, source, figures: [] };
    if (!reference.figures.includes(figure)) reference.figures.push(figure);
    byCite.set(cite, reference);
  };
  if (info.mcid) add(info.mcid.cite, info.mcid.source, `MCID ${info.mcid.value}`);
  if (info.pass) add(info.pass.cite, info.pass.source, `PASS ${info.pass.value}`);
  if (info.scb)
    add(info.scb.cite, info.scb.source, `substantial clinical benefit ${info.scb.value}`);
  for (const anchor of PUBLISHED_ANCHORS[measure]) {
    add(
      anchor.cite,
      anchor.source,
      `mean ${ANCHOR_WINDOW_LABELS[anchor.window]} ${anchor.mean} ± ${anchor.sd}`,
    );
  }
  for (const rate of PUBLISHED_RATES[measure]) add(rate.cite, rate.source, rate.text);
  return [...byCite.values()];
}
