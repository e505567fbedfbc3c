import type { Faker } from '@faker-js/faker';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import type { PainBodySite } from '@recovery-portal/contract/pain';
import type { SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import type { Joint } from '#app/core/surveys/programme-surveys';
import type { Procedure, ProgrammePlan, TimelineParticipant } from './programme-plan';
import { atMinute, isoDate } from './seed-dates';
import { chance, STREAM } from './seed-random';
import type { MeasurementRow, PainLogRow, SurgeryRow } from './timeline-types';

/** The contract's code for each procedure a programme plan can choose. */
export const SURGERY_PROCEDURE_OF: Record<Procedure, SurgeryProcedure> = {
  'Total knee replacement': 'TOTAL_KNEE_REPLACEMENT',
  'Partial knee replacement': 'PARTIAL_KNEE_REPLACEMENT',
  'Total hip replacement': 'TOTAL_HIP_REPLACEMENT',
  'Coronary artery bypass graft': 'CORONARY_ARTERY_BYPASS_GRAFT',
};

/** Fictional hospitals, each with a few surgeons, so the same names recur across participants. */
const HOSPITALS = [
  'Riverside Orthopaedic Centre',
  'Northfield General Hospital',
  'Northfield Heart Institute',
] as const;
type Hospital = (typeof HOSPITALS)[number];
const HOSPITALS_FOR: Record<Joint, readonly Hospital[]> = {
  knee: ['Riverside Orthopaedic Centre', 'Northfield General Hospital'],
  hip: ['Riverside Orthopaedic Centre', 'Northfield General Hospital'],
  heart: ['Northfield Heart Institute'],
};
const SURGEONS_PER_HOSPITAL = 3;
/** Seeds the surgeon rosters, apart from every participant's streams. */
const SURGEON_ROSTER_SEED = 0x5355_5247;

/** A roster name depends on the hospital and the slot only. */
function surgeonName(faker: Faker, hospital: Hospital, slot: number): string {
  faker.seed([SURGEON_ROSTER_SEED, HOSPITALS.indexOf(hospital), slot]);
  return `Dr ${faker.person.firstName()} ${faker.person.lastName()}`;
}

function operationNote(faker: Faker, participant: TimelineParticipant, today: Date): string {
  const { plan } = participant;
  if (plan.surgeryDate.getTime() >= today.getTime()) {
    return 'Booked. Pre-operative assessment done; joined the recovery programme for prehabilitation.';
  }
  const anaesthetic =
    plan.joint === 'heart' || chance(faker, 0.3) ? 'general anaesthesia' : 'spinal anaesthesia';
  return `Performed under ${anaesthetic} without complications. Referred to the recovery programme on discharge.`;
}

/** The operated side: the first draw of the surgery stream, so conversations can name it too. */
export function operatedSide(faker: Faker, plan: ProgrammePlan): SurgerySide {
  faker.seed([plan.seed, 0, STREAM.surgery]);
  return plan.joint === 'heart' ? 'NOT_APPLICABLE' : faker.helpers.arrayElement(['LEFT', 'RIGHT']);
}

/**
 * The surgery the participant's plan follows, as the clinic recorded it when they joined: the
 * plan's procedure and date, a side, a surgeon from the hospital's roster and a short note.
 */
export function generateSurgery(
  faker: Faker,
  participant: TimelineParticipant,
  today: Date,
): SurgeryRow {
  const { plan } = participant;
  const side = operatedSide(faker, plan);
  const hospital = faker.helpers.arrayElement(HOSPITALS_FOR[plan.joint]);
  const slot = faker.number.int({ min: 0, max: SURGEONS_PER_HOSPITAL - 1 });
  const notes = chance(faker, 0.8) ? operationNote(faker, participant, today) : null;
  const createdAt = atMinute(plan.startDate, faker.number.int({ min: 8 * 60, max: 17 * 60 }));
  return {
    userId: participant.id,
    procedure: SURGERY_PROCEDURE_OF[plan.procedure],
    side,
    surgeryDate: isoDate(plan.surgeryDate),
    // Last: it reseeds the faker.
    surgeon: surgeonName(faker, hospital, slot),
    hospital,
    notes,
    createdAt,
  };
}

/** Where the operated joint hurts; a sternotomy hurts in the chest. */
export function painSiteOf(joint: Joint, side: SurgerySide): PainBodySite {
  if (joint === 'heart') return 'CHEST';
  if (joint === 'hip') return side === 'LEFT' ? 'LEFT_HIP' : 'RIGHT_HIP';
  return side === 'LEFT' ? 'LEFT_KNEE' : 'RIGHT_KNEE';
}

const PAIN_CODE = MEASUREMENT_TYPES.painScore.code;

/**
 * The participant's pain check-ins in the app as pain reports: one per painScore measurement,
 * with the same score and time, at the operated site.
 */
export function painLogsOf(
  participant: TimelineParticipant,
  side: SurgerySide,
  measurements: readonly MeasurementRow[],
): PainLogRow[] {
  const bodySite = painSiteOf(participant.plan.joint, side);
  const logs: PainLogRow[] = [];
  for (const m of measurements) {
    if (m.code !== PAIN_CODE) continue;
    logs.push({
      userId: participant.id,
      score: m.value,
      recordedAt: m.measuredAt,
      bodySite,
      source: 'PARTICIPANT',
    });
  }
  return logs;
}
