import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surveyResponses } from '#app/db/schema/surveys';
import { instantConditions, type FhirSource } from './fhir-source';
import {
  countSurveyResponses,
  pageSurveyResponses,
  type SurveyResponseRow,
} from './observations.repository';
import type { ParsedSearch } from '#app/features/fhir/search/search-params';

/**
 * What the survey score Observations and the QuestionnaireResponses read alike: submitted survey
 * responses, paged by their id.
 */
export function surveyResponseRows(
  db: Database,
): Pick<FhirSource<SurveyResponseRow>, 'page' | 'count' | 'keyIs' | 'key' | 'participant'> {
  return {
    page: (where, afterKey, limit) => pageSurveyResponses(db, where, afterKey, limit),
    count: (where) => countSurveyResponses(db, where),
    keyIs: (key) => eq(surveyResponses.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
  };
}

/**
 * The search's `date` range over the submission time, `_lastUpdated` over when the answers were
 * stored (an app that was offline sends them later) or, without that, submitted.
 */
export function submittedWithin(search: ParsedSearch): SQL[] {
  return [
    ...instantConditions(surveyResponses.submittedAt, search.date),
    ...instantConditions(
      sql`coalesce(${surveyResponses.storedAt}, ${surveyResponses.submittedAt})`,
      search.lastUpdated,
    ),
  ];
}
