import type { AdherenceItem } from '@recovery-portal/contract/adherence';
import type { Concern, Flag } from '@recovery-portal/contract/flags';
import type { OutcomeTrends } from '@recovery-portal/contract/outcomes';
import { PAIN_LOG_COUNT, type PainLog } from '@recovery-portal/contract/pain';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import type { ParticipantTriageStatus } from '@recovery-portal/contract/review';
import type { Surgery } from '@recovery-portal/contract/surgery';
import type { Database } from '../../db/client';
import { createAdherenceService } from '../adherence/adherence.service';
import { createOutcomeService } from '../outcomes/outcomes.service';
import { lastPainLogs } from '../pain/pain.repository';
import { createProfileService } from '../profile/profile.service';
import { triageStatus } from '../review/review.service';
import { createSurgeryService } from '../surgery/surgery.service';
import { createFlagService } from '../triage/flags.service';
import { findStaffRegId } from './report.repository';

/** Everything the report prints, read through the services the details screens call. */
export interface ReportData {
  profile: ParticipantProfile;
  surgeries: Surgery[];
  outcomes: OutcomeTrends;
  adherence: AdherenceItem[];
  /** Newest first, as many as the Pain section charts. */
  pain: PainLog[];
  flags: Flag[];
  triage: ParticipantTriageStatus;
  /** The Reg Id of the clinician who reviewed last; null when none or not recorded. */
  reviewerRegId: string | null;
  generatedAt: Date;
}

export function createReportDataService(deps: { db: Database; concerns: readonly Concern[] }) {
  const { db } = deps;
  const profiles = createProfileService(db);
  const surgeries = createSurgeryService(db);
  const outcomes = createOutcomeService(db);
  const adherence = createAdherenceService(db);
  const flags = createFlagService(deps);

  return {
    /** The participant's report data; NOT_FOUND (from the profile) for an unknown participant. */
    async collect(participantId: number): Promise<ReportData> {
      const generatedAt = new Date();
      const profile = await profiles.profile(participantId);
      const [surgeryList, trends, schedule, pain, flagList, triage] = await Promise.all([
        surgeries.list(participantId),
        outcomes.trends(participantId),
        adherence.adherence(participantId),
        lastPainLogs(db, participantId, PAIN_LOG_COUNT),
        flags.ofParticipant(participantId),
        triageStatus(db, participantId, generatedAt),
      ]);
      const reviewer = triage.last_reviewed_by;
      return {
        profile,
        surgeries: surgeryList,
        outcomes: trends,
        adherence: schedule,
        pain,
        flags: flagList,
        triage,
        reviewerRegId: reviewer ? await findStaffRegId(db, reviewer.id) : null,
        generatedAt,
      };
    },
  };
}
