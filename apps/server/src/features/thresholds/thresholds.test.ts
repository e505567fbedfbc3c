import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONCERNS } from '@recovery-portal/contract/flags';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  participantThresholdsSchema,
  THRESHOLD_RULES,
  type ParticipantThresholds,
} from '@recovery-portal/contract/thresholds';
import { ConfigError, loadConfig } from '#app/config';
import { auditLog } from '#app/db/schema/audit';
import { clinicalFlags } from '#app/db/schema/triage';
import {
  authHeaders,
  csrfHeaders,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createMeasurements, createParticipant, createSurgery } from '#app/test/factories';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

function call(
  method: InjectOptions['method'],
  token: string | null,
  payload?: unknown,
  query = '',
) {
  return testApp.app.inject({
    method,
    url: `${API_PATHS.thresholds.participant}${query}`,
    headers: token ? authHeaders(token) : csrfHeaders(),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}
const read = (userId: unknown, token: string | null = clinician.access_token) =>
  call('GET', token, undefined, `?user_id=${String(userId)}`);
const update = (body: unknown, token: string | null = clinician.access_token) =>
  call('PUT', token, body);

const ruleOf = (thresholds: ParticipantThresholds, rule: string) =>
  thresholds.rules.find((candidate) => candidate.rule === rule);

describe('participant thresholds', () => {
  it("clinician reads the programme's defaults, from the latest surgery", async () => {
    const participant = await createParticipant(testApp.db);
    const general = successData(await read(participant.id), participantThresholdsSchema);
    expect(general.programme).toBe('GENERAL');
    expect(general.rules.map((rule) => rule.rule)).toEqual([...THRESHOLD_RULES]);
    expect(ruleOf(general, 'SYSTOLIC_BP_HIGH')).toEqual({
      rule: 'SYSTOLIC_BP_HIGH',
      label: 'Systolic BP',
      description: 'Systolic BP above 160 mmHg',
      value: 160,
      days: null,
      enabled: true,
      default: { value: 160, days: null, enabled: true },
      overridden: false,
      updated_at: null,
      updated_by: null,
    });
    expect(ruleOf(general, 'PAIN_HIGH_RUN')?.description).toBe(
      'Pain score at or above 8 for 3 consecutive days',
    );

    await createSurgery(testApp.db, participant.id, {
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      surgeryDate: '2024-01-10',
    });
    await createSurgery(testApp.db, participant.id, {
      procedure: 'CORONARY_ARTERY_BYPASS_GRAFT',
      side: 'NOT_APPLICABLE',
      surgeryDate: '2025-06-01',
    });
    const cardiac = successData(await read(participant.id), participantThresholdsSchema);
    expect(cardiac).toMatchObject({
      programme: 'CARDIAC',
      programme_label: 'Cardiac rehabilitation',
    });
    expect(ruleOf(cardiac, 'SYSTOLIC_BP_HIGH')?.value).toBe(150);
  });

  it('clinician overrides, disables and resets rules; each change is audited', async () => {
    const participant = await createParticipant(testApp.db);
    const changed = successData(
      await update({
        user_id: participant.id,
        rules: [
          { rule: 'SYSTOLIC_BP_HIGH', override: { value: 175, enabled: true } },
          { rule: 'PAIN_HIGH_RUN', override: { value: 7, days: 2, enabled: true } },
          { rule: 'STEPS_DROP', override: { value: 50, days: null, enabled: false } },
          { rule: 'WEIGHT_CHANGE', override: { value: 2.5, enabled: true } },
        ],
      }),
      participantThresholdsSchema,
    );
    expect(ruleOf(changed, 'SYSTOLIC_BP_HIGH')).toMatchObject({
      value: 175,
      overridden: true,
      description: 'Systolic BP above 175 mmHg',
      default: { value: 160 },
      updated_by: 'Cleo Tester',
    });
    expect(ruleOf(changed, 'PAIN_HIGH_RUN')).toMatchObject({ value: 7, days: 2 });
    expect(ruleOf(changed, 'STEPS_DROP')).toMatchObject({ enabled: false, overridden: true });
    expect(ruleOf(changed, 'WEIGHT_CHANGE')?.description).toBe(
      'Weight change above 2.5 kg within 7 days',
    );

    const reset = successData(
      await update({
        user_id: participant.id,
        rules: [{ rule: 'SYSTOLIC_BP_HIGH', override: null }],
      }),
      participantThresholdsSchema,
    );
    expect(ruleOf(reset, 'SYSTOLIC_BP_HIGH')).toMatchObject({
      value: 160,
      overridden: false,
      updated_by: null,
    });
    // Rules left out of a change keep their override.
    expect(ruleOf(reset, 'PAIN_HIGH_RUN')).toMatchObject({ value: 7, overridden: true });
    expect(successData(await read(participant.id), participantThresholdsSchema)).toEqual(reset);

    const audited = await testApp.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'participant.thresholds.update'),
          eq(auditLog.subjectId, participant.id),
        ),
      );
    expect(audited).toHaveLength(2);
    expect(audited[1]?.details).toEqual({
      changes: [{ rule: 'SYSTOLIC_BP_HIGH', override: null }],
    });
  });

  it('a lowered limit applies to the recent readings at once', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'systolicBp', value: 150, measuredAt: new Date(Date.now() - 3 * 86_400_000) },
      { key: 'systolicBp', value: 148, measuredAt: new Date(Date.now() - 2 * 86_400_000) },
    ]);
    successData(
      await update({
        user_id: participant.id,
        rules: [{ rule: 'SYSTOLIC_BP_HIGH', override: { value: 145, enabled: true } }],
      }),
      participantThresholdsSchema,
    );
    const flags = await testApp.db
      .select({ text: clinicalFlags.matchedText })
      .from(clinicalFlags)
      .where(eq(clinicalFlags.userId, participant.id));
    expect(flags).toEqual([{ text: 'Systolic BP 150 mmHg above 145' }]);
  });

  it('refuses limits outside each rule’s bounds, and ugly input, with a sentence', async () => {
    const participant = await createParticipant(testApp.db);
    const change = (rule: string, override: unknown) => ({
      user_id: participant.id,
      rules: [{ rule, override }],
    });
    const cases: [unknown, string][] = [
      [
        change('SYSTOLIC_BP_HIGH', { value: 99, enabled: true }),
        'The systolic BP limit must be a whole number from 100 to 250 mmHg.',
      ],
      [
        change('SYSTOLIC_BP_HIGH', { value: 160.5, enabled: true }),
        'The systolic BP limit must be a whole number from 100 to 250 mmHg.',
      ],
      [
        change('SYSTOLIC_BP_HIGH', { value: 251, enabled: true }),
        'The systolic BP limit must be a whole number from 100 to 250 mmHg.',
      ],
      [
        change('PAIN_HIGH_RUN', { value: 11, days: 3, enabled: true }),
        'The pain score limit must be a whole number from 1 to 10.',
      ],
      [
        change('PAIN_HIGH_RUN', { value: 8, days: 0, enabled: true }),
        'The run of days must be a whole number from 1 to 14.',
      ],
      [
        change('PAIN_HIGH_RUN', { value: 8, enabled: true }),
        'The run of days must be a whole number from 1 to 14.',
      ],
      [
        change('STEPS_DROP', { value: 96, enabled: true }),
        'The steps drop must be a whole number of percent from 10 to 95.',
      ],
      [
        change('WEIGHT_CHANGE', { value: 2.25, enabled: true }),
        'The weight change limit must be from 0.5 to 20 kg, with at most one decimal.',
      ],
      [
        change('SYSTOLIC_BP_HIGH', { value: 160, days: 3, enabled: true }),
        'Systolic BP has no run of days; leave days out.',
      ],
      [change('SYSTOLIC_BP_HIGH', { value: '160', enabled: true }), 'systolic BP limit'],
      [
        change('SYSTOLIC_BP_HIGH', { value: 160, enabled: 'yes' }),
        'enabled must be true or false.',
      ],
      [change('HEART_RATE', { value: 100, enabled: true }), 'rule must be one of'],
      [change("'; drop table participant_thresholds; --", null), 'rule must be one of'],
      [{ user_id: participant.id, rules: [] }, 'rules must list 1 to 4 rule changes.'],
      [
        {
          user_id: participant.id,
          rules: [
            { rule: 'STEPS_DROP', override: null },
            { rule: 'STEPS_DROP', override: null },
          ],
        },
        'Each rule may appear only once.',
      ],
      [{ user_id: 'abc', rules: [{ rule: 'STEPS_DROP', override: null }] }, 'user_id'],
      [{ rules: [{ rule: 'STEPS_DROP', override: null }] }, 'user_id'],
    ];
    for (const [body, message] of cases) {
      const envelope = failure(await update(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain(message);
    }
    failure(await update('x'.repeat(5000)), 415, 'UNSUPPORTED_MEDIA_TYPE');
    failure(await update({ user_id: 'x'.repeat(5000), rules: 'x' }), 400, 'VALIDATION_ERROR');
    failure(await read('abc'), 400, 'VALIDATION_ERROR');
    failure(await read(987_654), 404, 'NOT_FOUND');
    failure(
      await update({ user_id: 987_654, rules: [{ rule: 'STEPS_DROP', override: null }] }),
      404,
      'NOT_FOUND',
    );
    // Boundaries themselves are accepted.
    successData(
      await update({
        user_id: participant.id,
        rules: [
          { rule: 'SYSTOLIC_BP_HIGH', override: { value: 250, enabled: true } },
          { rule: 'PAIN_HIGH_RUN', override: { value: 1, days: 14, enabled: true } },
          { rule: 'STEPS_DROP', override: { value: 10, enabled: true } },
          { rule: 'WEIGHT_CHANGE', override: { value: 0.5, enabled: true } },
        ],
      }),
      participantThresholdsSchema,
    );
  });

  it('only clinicians may read or change thresholds', async () => {
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const body = { user_id: participant.id, rules: [{ rule: 'STEPS_DROP', override: null }] };
    failure(await read(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await update(body, admin.access_token), 403, 'FORBIDDEN');
    failure(await read(participant.id, null), 401, 'UNAUTHENTICATED');
    failure(await update(body, null), 401, 'UNAUTHENTICATED');
  });
});

describe('FLAG_TERMS_FILE', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rp-flag-terms-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const configWith = (file: string) => loadConfig({ NODE_ENV: 'test', FLAG_TERMS_FILE: file });

  it('without it, conversations are screened for the default findings', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).flagConcerns).toEqual(DEFAULT_CONCERNS);
  });

  it('a valid file replaces the list', async () => {
    const file = path.join(dir, 'terms.json');
    await writeFile(
      file,
      JSON.stringify([
        { id: 'dizziness', label: 'Dizziness', severity: 'MODERATE', terms: ['dizzy'] },
      ]),
    );
    expect(configWith(file).flagConcerns).toEqual([
      { id: 'dizziness', label: 'Dizziness', severity: 'MODERATE', terms: ['dizzy'], exclude: [] },
    ]);
  });

  it('an unusable file stops the start with a sentence naming the variable and the problem', async () => {
    const bad = async (name: string, content: string) => {
      const file = path.join(dir, name);
      await writeFile(file, content);
      return file;
    };
    const cases: [string, RegExp][] = [
      [path.join(dir, 'missing.json'), /FLAG_TERMS_FILE cannot be read/],
      [await bad('broken.json', '[{'), /FLAG_TERMS_FILE is not valid JSON/],
      [await bad('object.json', '{"id":"x"}'), /not a valid list of concerns: The file must hold/],
      [
        await bad('severity.json', '[{"id":"x","label":"X","severity":"LOW","terms":["x"]}]'),
        /at 0\.severity: severity must be CRITICAL, HIGH or MODERATE/,
      ],
      [
        await bad('empty-term.json', '[{"id":"x","label":"X","severity":"HIGH","terms":["  "]}]'),
        /at 0\.terms\.0: A term must not be empty/,
      ],
      [
        await bad(
          'twice.json',
          '[{"id":"x","label":"X","severity":"HIGH","terms":["a b"]},{"id":"x","label":"Y","severity":"HIGH","terms":["c d"]}]',
        ),
        /Concern ids must be distinct/,
      ],
    ];
    for (const [file, message] of cases) {
      expect(() => configWith(file)).toThrow(ConfigError);
      expect(() => configWith(file)).toThrow(message);
    }
  });
});
