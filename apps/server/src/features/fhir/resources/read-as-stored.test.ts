import type { Bundle, Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import { eq, inArray } from 'drizzle-orm';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements } from '#app/db/schema/measurements';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';
import { seedFhirDemo } from '#app/features/fhir/fhir.fixtures';

// The pages a bulk export reads share a questionnaire's questions between its responses and
// take instants as PostgreSQL writes them: what a resource says must still be its own row's.

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  await seedFhirDemo(testApp.db, testApp.config.dataDir, 4);
  token = (await loginAs(testApp, 'CLINICIAN')).access_token;
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

async function search<T>(path: string): Promise<T[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json<Bundle>().entry ?? []).map((entry) => entry.resource as T);
}

describe('FHIR resources read in pages', () => {
  it("give every QuestionnaireResponse its own questionnaire's questions", async () => {
    const responses = await search<QuestionnaireResponse>('QuestionnaireResponse?_count=500');
    const rows = await testApp.db
      .select({ id: surveyResponses.id, surveyId: surveys.id, questions: surveys.questions })
      .from(surveyResponses)
      .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
      .where(
        inArray(
          surveyResponses.id,
          responses.map((response) => Number(response.id)),
        ),
      );
    const questionnaires = new Set(rows.map((row) => row.surveyId));
    // One page holds responses to several questionnaires, or this would prove nothing.
    expect(questionnaires.size).toBeGreaterThan(1);
    expect(rows).toHaveLength(responses.length);
    for (const response of responses) {
      const row = rows.find((candidate) => String(candidate.id) === response.id);
      expect(response.questionnaire).toMatch(new RegExp(`/Questionnaire/${row?.surveyId}$`));
      expect(response.item?.map((item) => item.text)).toEqual(
        row?.questions.map((question) => question.question),
      );
    }
  });

  it('date measurement Observations as stored, to the millisecond in UTC', async () => {
    const observations = (
      await search<Observation>('Observation?category=activity,vital-signs&_count=500')
    ).filter((observation) => observation.id?.startsWith('m-'));
    expect(observations.length).toBeGreaterThan(0);
    const stored = new Date('2026-03-04T05:06:07.891Z');
    const [first] = observations;
    const firstId = Number(first?.id?.slice(2));
    await testApp.db
      .update(measurements)
      .set({ storedAt: stored })
      .where(eq(measurements.id, firstId));
    const rows = await testApp.db
      .select()
      .from(measurements)
      .where(
        inArray(
          measurements.id,
          observations.map((observation) => Number(observation.id?.slice(2))),
        ),
      );
    const reread = await search<Observation>(`Observation?_id=m-${firstId}`);
    expect(reread[0]?.meta?.lastUpdated).toBe(stored.toISOString());
    for (const observation of observations) {
      const row = rows.find((candidate) => `m-${candidate.id}` === observation.id);
      expect(observation.effectiveDateTime).toBe(row?.measuredAt.toISOString());
      if (row?.id !== firstId) {
        expect(observation.meta?.lastUpdated).toBe(
          (row?.storedAt ?? row?.measuredAt)?.toISOString(),
        );
      }
    }
  });
});
