import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import {
  SIMULATION_MESSAGES,
  type EnrollRequest,
  type EnrollResponse,
  type SimulationEnrolment,
  type SimulationState,
} from '@recovery-portal/contract/simulation';
import type { SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { insertTimeline } from '#app/demo/bulk-insert';
import { ensureSurveys, type Joint, type StoredSurvey } from '#app/core/surveys/programme-surveys';
import { findOpenSurveySlot, submitSurveyResponse } from '#app/core/surveys/submit-survey';
import { recordMeasurements } from '#app/core/measurements/record-measurements';
import type { SurveyResponseRow } from '#app/demo/timeline-types';
import { generateParticipantTimeline } from '#app/demo/participant-timeline';
import { planProgramme } from '#app/demo/programme-plan';
import { addDays, isoDate, startOfUtcDay } from '#app/demo/seed-dates';
import { createSeedFaker, DEMO_SEED, mixSeed } from '#app/demo/seed-random';
import { painSiteOf, SURGERY_PROCEDURE_OF } from '#app/demo/surgery-generator';
import { TIMELINE_VOLUMES } from '#app/demo/timeline-types';
import { conflict, notFound } from '#app/lib/app-error';
import { refreshParticipantStats } from '#app/core/participant-stats';
import { insertPainLogs, type NewPainLog } from '#app/core/pain-logs';
import { requireParticipant } from '#app/core/participant-lookup';
import type { AuditValues } from '#app/core/audit/record-audit';
import { insertSurgery } from '#app/core/surgeries';
import {
  auditedEnrolment,
  auditedState,
  deleteGeneratedData,
  findEnrolment,
  findProgram,
  insertEnrolment,
  lockEnrolment,
  participantDetails,
  pinnedRunDate,
} from './simulation.repository';

/** Nudges are scheduled this far past the run date, as in the demo seed. */
const NUDGE_DAYS_AHEAD = 7;
/** A stream of seeds of its own, apart from the demo population's. */
const SIMULATION_SEED_STREAM = 0x5349_4d;

/** The demo generator picks a procedure from the participant's group. */
const GROUP_FOR: Partial<Record<SurgeryProcedure, string>> = {
  TOTAL_KNEE_REPLACEMENT: 'Knee Recovery',
  PARTIAL_KNEE_REPLACEMENT: 'Knee Recovery',
  TOTAL_HIP_REPLACEMENT: 'Hip Recovery',
  CORONARY_ARTERY_BYPASS_GRAFT: 'Cardiac Rehab',
};

const HOSPITALS: Record<Joint, readonly string[]> = {
  knee: ['Riverside Orthopaedic Centre', 'St Luke’s Joint Clinic'],
  hip: ['Riverside Orthopaedic Centre', 'Northfield General Hospital'],
  heart: ['Northfield Heart Institute', 'St Luke’s Cardiac Unit'],
};

/** Fills each generated schedule slot that has answers, as the app's QuestionnaireResponse does. */
async function submitGeneratedAnswers(
  db: Database,
  rows: readonly SurveyResponseRow[],
  surveys: readonly StoredSurvey[],
): Promise<void> {
  const titles = new Map(surveys.map((survey) => [survey.id, survey.definition.title]));
  for (const row of rows) {
    const title = titles.get(row.surveyId);
    if (!row.submittedAt || !row.answers || title === undefined) continue;
    const at = new Date(`${row.targetDate}T00:00:00Z`);
    const slot = await findOpenSurveySlot(db, row.userId, row.surveyId, at);
    if (!slot) throw new Error('a generated survey slot is missing');
    await submitSurveyResponse(db, {
      slotId: slot.id,
      title,
      answers: row.answers,
      submittedAt: row.submittedAt,
      generated: true,
    });
  }
}

/** Whole years between two days. */
function ageOn(birthDate: string, day: Date): number {
  return Math.floor((day.getTime() - Date.parse(`${birthDate}T00:00:00Z`)) / (365.25 * 86_400_000));
}

/** The simulated 'today' of a pinned day (null: it follows today, in UTC). */
function runDateOf(pinned: string | null): string {
  return pinned ?? isoDate(startOfUtcDay(new Date()));
}

export function createSimulationService(db: Database) {
  /** The simulated 'today': the pinned day, or today in UTC. */
  async function runDate(): Promise<string> {
    return runDateOf(await pinnedRunDate(db));
  }

  return {
    runDate,

    /** The clock and the programmes on offer, read by the statement that writes the audit row. */
    async state(audit: AuditValues): Promise<SimulationState> {
      const { pinned, programs } = await auditedState(db, audit);
      return { current_run_date: runDateOf(pinned), programs };
    },

    /**
     * The participant's enrolment or null, read by the statement that writes the call's audit
     * row (`audit`); NOT_FOUND for an unknown participant.
     */
    enrolment(userId: number, audit: AuditValues): Promise<SimulationEnrolment | null> {
      return auditedEnrolment(db, userId, audit);
    },

    /**
     * Enrols a Demo participant and generates their programme with the demo seed's generator,
     * from the programme start to the run date (nudges a week beyond), in one transaction: the
     * surgery half-way through the programme's duration, telemetry, app activity, nudges, coach
     * conversations, the survey schedule, the digital twin and pain reports. Their earlier
     * generated data, the demo seed's surgery and pain reports included, is replaced; records
     * entered by staff stay.
     */
    async enroll(request: EnrollRequest, staffId: number | null): Promise<EnrollResponse> {
      const participant = await requireParticipant(db, request.user_id);
      if (participant.participantType !== 'Demo') throw conflict(SIMULATION_MESSAGES.onlyDemo);
      const program = await findProgram(db, request.program_id);
      if (!program) throw notFound(SIMULATION_MESSAGES.programNotFound(request.program_id));
      const today = startOfUtcDay(new Date(`${await runDate()}T00:00:00Z`));

      const generated = await db.transaction(async (tx) => {
        await lockEnrolment(tx, request.user_id);
        const existing = await findEnrolment(tx, request.user_id);
        if (existing) throw conflict(SIMULATION_MESSAGES.alreadyEnrolled(existing.program.name));
        const user = await participantDetails(tx, request.user_id);
        if (!user) throw notFound(PARTICIPANT_ERRORS.notFound(request.user_id));

        const surveys = await ensureSurveys(tx);
        const faker = createSeedFaker();
        const seed = mixSeed(DEMO_SEED, SIMULATION_SEED_STREAM, request.user_id, program.id);
        const plan = planProgramme(faker, {
          seed,
          today,
          gender: user.gender ?? 'Not stated',
          ageYears: user.birthDate ? ageOn(user.birthDate, today) : 65,
          heightCm: user.heightCm ?? 170,
          groupName: GROUP_FOR[program.procedure] ?? null,
          tracker: user.tracker,
          surgeryDate: addDays(today, -Math.floor(program.duration_days / 2)),
          engagement: 'high',
          telemetry: true,
        });
        const timeline = generateParticipantTimeline(
          faker,
          {
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            gender: user.gender ?? 'Not stated',
            birthDate: user.birthDate ?? isoDate(addDays(today, -Math.round(65 * 365.25))),
            heightCm: user.heightCm ?? 170,
            plan,
          },
          {
            from: plan.startDate,
            to: addDays(today, NUDGE_DAYS_AHEAD),
            today,
            surveys,
            volume: TIMELINE_VOLUMES.unbounded,
          },
        );

        // The surgery the programme follows, as a clinician would have recorded it.
        faker.seed([seed, 0, SIMULATION_SEED_STREAM]);
        const side: SurgerySide =
          plan.joint === 'heart' ? 'NOT_APPLICABLE' : faker.helpers.arrayElement(['LEFT', 'RIGHT']);
        const surgeryId = await insertSurgery(
          tx,
          user.id,
          {
            procedure: SURGERY_PROCEDURE_OF[plan.procedure],
            side,
            surgeryDate: isoDate(plan.surgeryDate),
            surgeon: `Dr ${faker.person.firstName()} ${faker.person.lastName()}`,
            hospital: faker.helpers.arrayElement(HOSPITALS[plan.joint]),
            notes: `Generated by the simulation programme "${program.name}".`,
          },
          null,
        );

        const painCode = MEASUREMENT_TYPES.painScore.code;
        const bodySite = painSiteOf(plan.joint, side);
        const painLogs: NewPainLog[] = timeline.measurements
          .filter((m) => m.code === painCode)
          .map((m) => ({
            userId: user.id,
            score: Math.min(10, Math.max(0, Math.round(m.value))),
            recordedAt: m.measuredAt,
            bodySite,
            note: null,
            source: 'SIMULATION',
            recordedBy: null,
          }));

        await deleteGeneratedData(tx, user.id, surgeryId);
        // Readings, pain reports and survey answers go through the writes the participant's app
        // uses (stamped as stored, scored by the published instruments); the rest in bulk.
        await insertTimeline(tx, {
          ...timeline,
          measurements: [],
          surveyResponses: timeline.surveyResponses.map((row) => ({
            ...row,
            submittedAt: null,
            answers: null,
            score: null,
            scores: null,
          })),
        });
        await recordMeasurements(tx, timeline.measurements);
        await insertPainLogs(tx, painLogs);
        await submitGeneratedAnswers(tx, timeline.surveyResponses, surveys);
        await insertEnrolment(tx, {
          userId: user.id,
          programId: program.id,
          surgeryId,
          enrolledBy: staffId,
          startDate: isoDate(plan.startDate),
          surgeryDate: isoDate(plan.surgeryDate),
          currentRunDate: isoDate(today),
        });
        // The 7-day counts as of the run date (or now, if the run date is today).
        const endOfRunDate = addDays(today, 1);
        await refreshParticipantStats(tx, {
          userIds: [user.id],
          now: new Date(Math.min(Date.now(), endOfRunDate.getTime())),
        });
        return {
          measurements: timeline.measurements.length,
          activity: timeline.activity.length,
          nudges: timeline.nudges.length,
          conversations: timeline.conversations.length,
          survey_responses: timeline.surveyResponses.length,
          pain_logs: painLogs.length,
        };
      });

      const enrolment = await findEnrolment(db, request.user_id);
      if (!enrolment) throw new Error('enrolment vanished after commit');
      return {
        message: SIMULATION_MESSAGES.enrolled(program.name),
        enrolment,
        generated,
      };
    },
  };
}
