import { eq, type SQL } from 'drizzle-orm';
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

/** The search's `date` and `_lastUpdated` ranges, both over the submission time. */
export function submittedWithin(search: ParsedSearch): SQL[] {
  return [
    ...instantConditions(surveyResponses.submittedAt, search.date),
    ...instantConditions(surveyResponses.submittedAt, search.lastUpdated),
  ];
}
