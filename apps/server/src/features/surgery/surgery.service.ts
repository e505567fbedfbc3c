import {
  SURGERY_MESSAGES,
  type AddSurgeryRequest,
  type Surgery,
  type SurgeryMutation,
  type SurgeryProcedure,
  type UpdateSurgeryRequest,
} from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import {
  ensureSurveys,
  RETIRED_SURVEY_TITLES,
  SURVEY_DEFINITIONS,
  type Joint,
} from '#app/core/surveys/programme-surveys';
import { notFound } from '#app/lib/app-error';
import { requireParticipant } from '#app/core/participant-lookup';
import {
  findSurgery,
  insertSurgery,
  listSurgeries,
  updateSurgery,
  type SurgeryValues,
} from '#app/core/surgeries';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  auditedSurgeries,
  countScheduledSurveys,
  listQuestionnaires,
  rescheduleSurveys,
  scheduleSurveys,
} from './surgery.repository';

/** Which programme questionnaires fit a procedure; null: only the general ones. */
const JOINT_OF: Record<SurgeryProcedure, Joint | null> = {
  TOTAL_KNEE_REPLACEMENT: 'knee',
  PARTIAL_KNEE_REPLACEMENT: 'knee',
  ACL_RECONSTRUCTION: 'knee',
  MENISCUS_REPAIR: 'knee',
  TOTAL_HIP_REPLACEMENT: 'hip',
  HIP_RESURFACING: 'hip',
  CORONARY_ARTERY_BYPASS_GRAFT: 'heart',
  ROTATOR_CUFF_REPAIR: null,
  TOTAL_SHOULDER_REPLACEMENT: null,
  SPINAL_FUSION: null,
  OTHER: null,
};

const ALL_JOINTS: readonly Joint[] = ['knee', 'hip', 'heart'];

/**
 * Whether a questionnaire is asked after this procedure. The programme's own questionnaires say
 * which joints they are for (KOOS JR: knees only); questionnaires a clinic added are for everyone;
 * retired in-house forms for no one.
 */
export function questionnaireFits(title: string, procedure: SurgeryProcedure): boolean {
  if (RETIRED_SURVEY_TITLES.includes(title)) return false;
  const definition = SURVEY_DEFINITIONS.find((d) => d.title === title);
  if (!definition) return true;
  const joint = JOINT_OF[procedure];
  return joint
    ? definition.joints.includes(joint)
    : ALL_JOINTS.every((j) => definition.joints.includes(j));
}

/** Request fields → table columns. */
function valuesOf(request: AddSurgeryRequest): SurgeryValues {
  return {
    procedure: request.procedure,
    side: request.side,
    surgeryDate: request.surgery_date,
    surgeon: request.surgeon,
    hospital: request.hospital,
    notes: request.notes,
  };
}

async function reload(db: Database, userId: number, surgeryId: number): Promise<Surgery> {
  const surgery = await findSurgery(db, userId, surgeryId);
  if (!surgery) throw notFound(SURGERY_MESSAGES.notFound(surgeryId, userId));
  return surgery;
}

export function createSurgeryService(db: Database) {
  return {
    /** The participant's surgeries, latest first; NOT_FOUND for an unknown participant. */
    async list(userId: number): Promise<Surgery[]> {
      await requireParticipant(db, userId);
      return listSurgeries(db, userId);
    },

    /** The same list read with the call's audit row, in one statement (DESIGN §7). */
    auditedList(userId: number, audit: AuditValues): Promise<Surgery[]> {
      return auditedSurgeries(db, userId, audit);
    },

    /**
     * Adds a surgery. When the participant has no survey schedule yet, every fitting
     * questionnaire is scheduled at the five timepoints from the surgery date (the programme's
     * standard questionnaires are created first if none exist). An existing schedule is kept.
     */
    async add(request: AddSurgeryRequest, staffId: number | null): Promise<SurgeryMutation> {
      return db.transaction(async (tx) => {
        await requireParticipant(tx, request.user_id);
        const id = await insertSurgery(tx, request.user_id, valuesOf(request), staffId);
        let scheduled = 0;
        if ((await countScheduledSurveys(tx, request.user_id)) === 0) {
          let questionnaires = await listQuestionnaires(tx);
          if (questionnaires.length === 0) {
            await ensureSurveys(tx);
            questionnaires = await listQuestionnaires(tx);
          }
          const fitting = questionnaires.filter((q) =>
            questionnaireFits(q.title, request.procedure),
          );
          scheduled = await scheduleSurveys(
            tx,
            request.user_id,
            fitting.map((q) => q.id),
            request.surgery_date,
          );
        }
        return {
          message: SURGERY_MESSAGES.added,
          surgery: await reload(tx, request.user_id, id),
          surveys_scheduled: scheduled,
          surveys_rescheduled: 0,
        };
      });
    },

    /**
     * Replaces a surgery's fields. When its date moves, the unsubmitted survey timepoints that
     * were dated from the old date move with it; submitted ones keep their dates.
     */
    async update(request: UpdateSurgeryRequest): Promise<SurgeryMutation> {
      return db.transaction(async (tx) => {
        await requireParticipant(tx, request.user_id);
        const before = await reload(tx, request.user_id, request.id);
        await updateSurgery(tx, request.user_id, request.id, valuesOf(request));
        const rescheduled =
          before.surgery_date === request.surgery_date
            ? 0
            : await rescheduleSurveys(
                tx,
                request.user_id,
                before.surgery_date,
                request.surgery_date,
              );
        return {
          message: SURGERY_MESSAGES.updated,
          surgery: await reload(tx, request.user_id, request.id),
          surveys_scheduled: 0,
          surveys_rescheduled: rescheduled,
        };
      });
    },
  };
}
