import { MEASURE_INFO, MEASURES, type Measure } from '@recovery-portal/contract/instruments';
import { COHORT_MIN_N } from '@recovery-portal/contract/outcomes';
import {
  MAX_BEHIND_LISTED,
  OUTCOME_RATE_KINDS,
  OUTCOME_RATE_TIMEPOINTS,
  type BehindParticipant,
  type OutcomeRateKind,
  type ProgrammeMeasure,
  type ProgrammeOutcomes,
  type ProgrammeOutcomesQuery,
  type ProgrammeRate,
} from '@recovery-portal/contract/programme-outcomes';
import { PUBLISHED_RATES } from '@recovery-portal/contract/published-outcomes';
import { SURVEY_TIMEPOINT_LABELS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { todayUtc } from '#app/core/days';
import { roundTo } from '#app/core/numbers';
import { INSTRUMENTS } from '#app/core/surveys/instruments/index';
import { improvementOf } from '#app/core/surveys/outcome-status';
import { filteredCohort } from './outcome-aggregates.repository';
import {
  programmeFigures,
  type BandRow,
  type BehindRow,
  type CompletionRow,
  type RateRow,
  type RateThresholds,
} from './programme-outcomes.repository';

const percentOf = (part: number, whole: number) =>
  whole === 0 ? null : roundTo((part / whole) * 100, 1);

const THRESHOLDS: readonly RateThresholds[] = MEASURES.map((measure) => {
  const info = MEASURE_INFO[measure];
  return {
    measure,
    direction: info.higherIsBetter ? 1 : -1,
    mcid: info.mcid?.value ?? null,
    pass: info.pass?.value ?? null,
    scb: info.scb?.value ?? null,
  };
});

/** The questionnaire title each score is asked on. */
const TITLE_OF = new Map<Measure, string>(
  INSTRUMENTS.flatMap((instrument) =>
    instrument.measures.map((measure) => [measure, instrument.title] as const),
  ),
);

function ratesOf(measure: Measure, row: RateRow | undefined): ProgrammeRate[] {
  const info = MEASURE_INFO[measure];
  const counts: Record<OutcomeRateKind, [number, number]> = {
    MCID: [row?.mcid_eligible ?? 0, row?.mcid_reached ?? 0],
    PASS: [row?.pass_eligible ?? 0, row?.pass_reached ?? 0],
    SCB: [row?.scb_eligible ?? 0, row?.scb_reached ?? 0],
  };
  const thresholds = { MCID: info.mcid, PASS: info.pass, SCB: info.scb };
  return OUTCOME_RATE_KINDS.flatMap((kind): ProgrammeRate[] => {
    const threshold = thresholds[kind];
    if (!threshold) return [];
    const [eligible, reached] = counts[kind];
    return [
      {
        kind,
        timepoint: OUTCOME_RATE_TIMEPOINTS[kind],
        threshold: threshold.value,
        eligible,
        reached,
        percent: percentOf(reached, eligible),
        published: PUBLISHED_RATES[measure]
          .filter((rate) => rate.kind === kind)
          .map(({ percent, text, cite }) => ({ percent, text, cite })),
      },
    ];
  });
}

function measureFigures(
  measure: Measure,
  bands: readonly BandRow[],
  rates: readonly RateRow[],
  completions: readonly CompletionRow[],
): ProgrammeMeasure {
  const info = MEASURE_INFO[measure];
  const ofMeasure = bands.filter((row) => row.measure === measure);
  const title = TITLE_OF.get(measure);
  return {
    measure,
    label: info.label,
    name: info.name,
    min: info.min,
    max: info.max,
    higher_is_better: info.higherIsBetter,
    scale_text: info.scaleText,
    n: ofMeasure.find((row) => row.timepoint === null)?.participants ?? 0,
    points: SURVEY_TIMEPOINTS.map((timepoint) => {
      const row = ofMeasure.find((candidate) => candidate.timepoint === timepoint);
      const n = row?.n ?? 0;
      const banded = row !== undefined && n >= COHORT_MIN_N;
      return {
        timepoint,
        label: SURVEY_TIMEPOINT_LABELS[timepoint],
        n,
        p25: banded ? row.p25 : null,
        median: banded ? row.median : null,
        p75: banded ? row.p75 : null,
      };
    }),
    rates: ratesOf(
      measure,
      rates.find((row) => row.measure === measure),
    ),
    completion: SURVEY_TIMEPOINTS.map((timepoint) => {
      const row = completions.find((c) => c.title === title && c.timepoint === timepoint);
      const due = row?.due ?? 0;
      const submitted = row?.submitted ?? 0;
      return { timepoint, due, submitted, percent: percentOf(submitted, due) };
    }),
  };
}

/** A row of who is behind as the contract gives it: the thresholds missed, the flag's state. */
function behindParticipant(row: BehindRow): BehindParticipant {
  const info = MEASURE_INFO[row.measure];
  const shortOf = [
    row.short_mcid && info.mcid ? { kind: 'MCID' as const, threshold: info.mcid.value } : null,
    row.short_pass && info.pass ? { kind: 'PASS' as const, threshold: info.pass.value } : null,
  ].filter((item) => item !== null);
  return {
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    measure: row.measure,
    label: info.label,
    latest_timepoint: row.latest_timepoint,
    latest_score: row.latest_score,
    improvement:
      row.pre_op === null ? null : improvementOf(row.measure, row.pre_op, row.latest_score),
    short_of: shortOf,
    flag_status: row.open === null ? null : row.open ? 'OPEN' : 'ACKNOWLEDGED',
    detected_at: row.detected_at === null ? null : new Date(row.detected_at).toISOString(),
  };
}

export function createProgrammeOutcomesService(db: Database) {
  return {
    /**
     * How the filtered cohort is doing, per published score: quartiles per timepoint, the shares
     * that reached the MCID, PASS and SCB next to the published shares, questionnaire completion,
     * and whose latest score is not improving as expected. One aggregate statement.
     */
    async figures(query: ProgrammeOutcomesQuery, viewerId: number): Promise<ProgrammeOutcomes> {
      const cohort = filteredCohort({ ...query, responsible_id: query.mine ? viewerId : null });
      const {
        participants,
        demo,
        bands,
        rates,
        completion: completions,
        behind: behindRows,
      } = await programmeFigures(db, cohort, THRESHOLDS, todayUtc(), MAX_BEHIND_LISTED);
      const measures = MEASURES.map((measure) =>
        measureFigures(measure, bands, rates, completions),
      ).filter((figures) => figures.n > 0 || figures.completion.some((c) => c.due > 0));
      return {
        participants,
        demo,
        measures,
        behind: behindRows.map(behindParticipant),
        behind_total: behindRows[0]?.total ?? 0,
      };
    },
  };
}
