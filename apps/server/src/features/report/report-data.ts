import type { AdherenceItem } from '@recovery-portal/contract/adherence';
import type { Flag } from '@recovery-portal/contract/flags';
import type { OutcomeTrends } from '@recovery-portal/contract/outcomes';
import { PAIN_LOG_COUNT, type PainLog } from '@recovery-portal/contract/pain';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import type { ParticipantTriageStatus } from '@recovery-portal/contract/review';
import type { Surgery } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { lastPainLogs } from '#app/core/pain-logs';
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

/**
 * What the details screens read, handed in by app.ts from their features' services, so the
 * report prints the same numbers without importing another feature.
 */
export interface ReportSources {
  profile(participantId: number): Promise<ParticipantProfile>;
  surgeries(participantId: number): Promise<Surgery[]>;
  outcomes(participantId: number): Promise<OutcomeTrends>;
  adherence(participantId: number): Promise<AdherenceItem[]>;
  flags(participantId: number): Promise<Flag[]>;
  triage(participantId: number, now: Date): Promise<ParticipantTriageStatus>;
}

export function createReportDataService(deps: { db: Database; sources: ReportSources }) {
  const { db, sources } = deps;

  return {
    /** The participant's report data; NOT_FOUND (from the profile) for an unknown participant. */
    async collect(participantId: number): Promise<ReportData> {
      const generatedAt = new Date();
      const profile = await sources.profile(participantId);
      const [surgeryList, trends, schedule, pain, flagList, triage] = await Promise.all([
        sources.surgeries(participantId),
        sources.outcomes(participantId),
        sources.adherence(participantId),
        lastPainLogs(db, participantId, PAIN_LOG_COUNT),
        sources.flags(participantId),
        sources.triage(participantId, generatedAt),
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
