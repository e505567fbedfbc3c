import type { AdherenceItem } from '@recovery-portal/contract/adherence';
import {
  classifyDeviation,
  expectedCurve,
  PROGRAMME_OF_GROUP,
  PROGRAMME_OF_PROCEDURE,
  type OutcomePoint,
  type OutcomeSurvey,
  type OutcomeTrends,
  type ProgrammeSource,
  type RecoveryProgramme,
} from '@recovery-portal/contract/outcomes';
import type { Database } from '../../db/client';
import { listScheduleRows } from '../adherence/adherence.repository';
import { buildAdherence } from '../adherence/adherence.service';
import { roundTo } from '../telemetry/series';
import { findProgrammeFacts, type ProgrammeFacts } from './outcomes.repository';

/**
 * The participant's programme: a recorded surgery decides (a procedure without a curve gives
 * none), then a group that stands for a programme, else the programme as a whole.
 */
export function resolveProgramme(facts: ProgrammeFacts): {
  programme: RecoveryProgramme | null;
  source: ProgrammeSource;
} {
  if (facts.procedure) {
    return { programme: PROGRAMME_OF_PROCEDURE[facts.procedure], source: 'SURGERY' };
  }
  const byGroup = facts.groupName ? PROGRAMME_OF_GROUP[facts.groupName] : undefined;
  if (byGroup) return { programme: byGroup, source: 'GROUP' };
  return { programme: 'GENERAL', source: 'DEFAULT' };
}

/** One questionnaire's schedule set against the programme's curve. */
export function toOutcomeSurvey(
  item: AdherenceItem,
  programme: RecoveryProgramme | null,
): OutcomeSurvey {
  const curve = expectedCurve(programme, item.title);
  const points = item.entries.map((entry): OutcomePoint => {
    const score = typeof entry.score === 'number' ? entry.score : null;
    const base = {
      timepoint: entry.timepoint,
      label: entry.label,
      score,
      submitted_on: entry.submitted_on,
    };
    const point = curve?.points[entry.timepoint];
    if (!curve || !point) {
      return { ...base, expected: null, lower: null, upper: null, deviation: null, status: null };
    }
    const band = {
      lower: roundTo(Math.max(curve.scale.min, point.expected - point.tolerance), 1),
      upper: roundTo(Math.min(curve.scale.max, point.expected + point.tolerance), 1),
    };
    return {
      ...base,
      expected: point.expected,
      ...band,
      deviation: score === null ? null : roundTo(score - point.expected, 1),
      status: score === null ? null : classifyDeviation(score, band, curve.scale.higher_is_better),
    };
  });
  return { survey_id: item.survey_id, title: item.title, scale: curve?.scale ?? null, points };
}

export function createOutcomeService(db: Database) {
  return {
    /** The participant's survey scores at the five timepoints against their programme's curve. */
    async trends(userId: number): Promise<OutcomeTrends> {
      const [facts, rows] = await Promise.all([
        findProgrammeFacts(db, userId),
        listScheduleRows(db, userId),
      ]);
      const { programme, source } = resolveProgramme(facts);
      return {
        programme,
        programme_source: source,
        procedure: source === 'SURGERY' ? facts.procedure : null,
        surveys: buildAdherence(rows).map((item) => toOutcomeSurvey(item, programme)),
      };
    },
  };
}
