import type { Concern } from '@recovery-portal/contract/flags';
import type { Database } from './db/client';
import { createAdherenceService } from './features/adherence/adherence.service';
import { createOutcomeService } from './features/outcomes/outcomes.service';
import { createProfileService } from './features/profile/profile.service';
import type { ReportSources } from './features/report/report-data';
import { triageStatus } from './features/review/review.service';
import { createSurgeryService } from './features/surgery/surgery.service';
import { createFlagService } from './features/flags/flags.service';

/**
 * The recovery report reads what the details screens read: their features' services, composed
 * here above the features (docs/architecture.md), so the report prints the same numbers.
 */
export function recoveryReportSources(db: Database, concerns: readonly Concern[]): ReportSources {
  const profiles = createProfileService(db);
  const surgeries = createSurgeryService(db);
  const outcomes = createOutcomeService(db);
  const adherence = createAdherenceService(db);
  const flags = createFlagService({ db, concerns });
  return {
    profile: (id) => profiles.profile(id),
    surgeries: (id) => surgeries.list(id),
    outcomes: (id) => outcomes.trends(id),
    adherence: (id) => adherence.schedule(id),
    flags: (id) => flags.ofParticipant(id),
    triage: (id, now) => triageStatus(db, id, now),
  };
}
