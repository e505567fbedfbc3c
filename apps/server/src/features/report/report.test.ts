import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import {
  DEFAULT_CONCERNS,
  flagSchema,
  participantFlagListSchema,
} from '@recovery-portal/contract/flags';
import {
  MARKER_LEGEND_ORDER,
  markerPoints,
  OUTCOME_MARKERS,
} from '@recovery-portal/contract/outcome-markers';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { REPORT_MESSAGES } from '@recovery-portal/contract/report';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import {
  createConversation,
  createParticipant,
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { callApi, daysAgo, seedGroups } from '#app/test/participant-fixtures';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { createTriageScanner } from '#app/features/flags/triage-scanner';
import { markerSvg } from './outcome-chart-svg';
import { renderPdf } from './pdf';
import type { ReportData } from './report-data';
import { outcomeScores } from './report-outcomes';

const run = promisify(execFile);

/** pdftotext and pdfinfo (poppler-utils) read the PDF as a person's viewer would. */
async function requirePoppler() {
  try {
    await run('pdftotext', ['-v']);
    await run('pdfinfo', ['-v']);
  } catch {
    throw new Error(
      'The recovery report tests need pdftotext and pdfinfo: install poppler-utils (apt-get install poppler-utils; .ci/run does).',
    );
  }
}

let testApp: TestApp;
let clinician: LoggedInStaff;
let workDir: string;

beforeAll(async () => {
  await requirePoppler();
  testApp = await buildTestApp();
  workDir = await mkdtemp(path.join(tmpdir(), 'rp-report-test-'));
});
afterAll(async () => {
  await testApp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

/** One scored PROMIS Global Physical Health survey, as the report's data carries it. */
const promisLabel = 'Global Physical Health T-score';
const promisSurvey = {
  survey_id: 1,
  title: 'PROMIS Global Health',
  measure: 'PROMIS_GPH',
  label: promisLabel,
  name: 'PROMIS Global Physical Health',
  min: 16.2,
  max: 67.7,
  higher_is_better: true,
  scale_text: 'T-score, mean 50, SD 10, higher = better',
  mcid: null,
  pass: null,
  scb: null,
  cohort: null,
  cohort_note: 'No band.',
  points: [
    {
      timepoint: 'PRE_OP',
      label: 'PreOp',
      score: 32,
      submitted_on: '2026-01-01',
      not_scorable_reason: null,
      improvement: null,
      status: null,
    },
  ],
} as const;

const reportUrl = (id: number | string, query = '') =>
  `${API_PATHS.user.report(id)}${query ? `?${query}` : ''}`;

async function pdfOf(body: Buffer, name: string) {
  const file = path.join(workDir, `${name}.pdf`);
  await writeFile(file, body);
  const [{ stdout: text }, { stdout: info }] = await Promise.all([
    run('pdftotext', ['-layout', file, '-']),
    run('pdfinfo', [file]),
  ]);
  return { text: text.replace(/\s+/g, ' '), info };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** KOOS JR answers (option indexes) whose raw sum is `raw`. */
const koosAnswers = (raw: number) =>
  Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));

/** A knee patient with scores, pain, an acknowledged flag and a review, as the screens show. */
async function kneePatient() {
  const groups = await seedGroups(testApp.db, ['Knee Recovery']);
  const participant = await createParticipant(testApp.db, {
    firstName: 'Marguerite',
    lastName: 'Okonkwo-Vance',
  });
  await testApp.db
    .update(users)
    .set({ groupId: groups.get('Knee Recovery') ?? null, mrn: 'LG-55012', birthDate: '1958-11-04' })
    .where(eq(users.id, participant.id));
  const surgeryDate = daysAgo(200);
  await createSurgery(testApp.db, participant.id, {
    procedure: 'TOTAL_KNEE_REPLACEMENT',
    side: 'RIGHT',
    surgeryDate: day(surgeryDate),
    surgeon: 'Dr Ishaan Patel',
    hospital: 'Lakeside General',
  });
  const koos = await createSurvey(testApp.db, {
    title: KOOS_JR.title,
    questions: KOOS_JR.questions,
  });
  const at = [
    ['PRE_OP', 207, 16], // 47.487
    ['WEEK_6', 158, 12], // 57.14
    ['MONTH_3', 110, 8], // 65.994: +18.507, above the MCID of 14
  ] as const;
  for (const [timepoint, ago, raw] of at) {
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint,
      targetDate: day(daysAgo(ago)),
      submittedAt: daysAgo(ago),
      answers: koosAnswers(raw),
    });
  }
  const painRecorded = await callApi(
    testApp,
    'POST',
    API_PATHS.pain.report,
    clinician.access_token,
    {
      user_id: participant.id,
      score: 7,
      body_site: 'RIGHT_KNEE',
      note: 'Worse after stairs',
      recorded_at: daysAgo(2).toISOString(),
    },
  );
  expect(painRecorded.statusCode).toBe(200);
  await createConversation(testApp.db, participant.id, {
    endedAt: daysAgo(3),
    transcript: [
      { userId: COACH_USER_ID, message: 'How have you been?' },
      { userId: String(participant.id), message: 'I had chest pain last night.' },
    ],
  });
  await createTriageScanner({ db: testApp.db, concerns: DEFAULT_CONCERNS }).scan();
  const flags = successData(
    await callApi(
      testApp,
      'GET',
      `${API_PATHS.flags.participant}?user_id=${participant.id}`,
      clinician.access_token,
    ),
    participantFlagListSchema,
  );
  const flag = flags[0];
  if (!flag) throw new Error('the scan raised no flag');
  const acknowledged = await callApi(
    testApp,
    'POST',
    API_PATHS.flags.acknowledge,
    clinician.access_token,
    {
      flag_id: flag.id,
      note: 'Phoned; GP seen same day',
    },
  );
  const acknowledgedAt = successData(acknowledged, flagSchema).acknowledged_at ?? '';
  await testApp.db
    .update(users)
    .set({ deaRegId: 'RG-4471' })
    .where(eq(users.id, clinician.user.id));
  const reviewed = await callApi(testApp, 'POST', API_PATHS.user.review, clinician.access_token, {
    user_id: participant.id,
  });
  expect(reviewed.statusCode).toBe(200);
  return { participant, flag, acknowledgedAt };
}

describe('recovery report', () => {
  it('a clinician downloads a PDF holding what the details screens show', async () => {
    const { participant, flag, acknowledgedAt } = await kneePatient();
    const response = await callApi(
      testApp,
      'GET',
      reportUrl(participant.id),
      clinician.access_token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="recovery-report-${participant.id}-${day(new Date())}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, info } = await pdfOf(response.rawPayload, 'knee');
    // Identification
    expect(text).toContain('Marguerite Okonkwo-Vance');
    expect(text).toMatch(/Date of birth Nov 04, 1958 \(age \d+\)/);
    expect(text).toContain('Record number (MRN) LG-55012');
    expect(text).toContain(`Participant ID ${participant.id}`);
    // Every page's footer names the participant with both identifiers.
    expect(text).toContain('Marguerite Okonkwo-Vance · DOB Nov 04, 1958 · MRN LG-55012');
    expect(text).toContain(
      'Knee replacement programme, from the latest surgery (Total knee replacement).',
    );
    expect(text).toContain('Knee Recovery');
    // Surgery
    expect(text).toContain(day(daysAgo(200)));
    expect(text).toContain('Total knee replacement Right Dr Ishaan Patel Lakeside General');
    // Outcome scores: the published KOOS JR values, the change and its judgement, thresholds
    expect(text).toContain('KOOS JR interval score (0–100, 100 = best)');
    expect(text).toContain('3 Months 65.99 better by 18.51 Clinically important improvement');
    expect(text).toContain('PreOp 47.49');
    expect(text).toContain('PASS 63.7');
    expect(text).toContain('PreOp + MCID (61.49)');
    // The substantial clinical benefit, the clinic's band and the published means, with sources.
    expect(text).toContain('PreOp + SCB (67.49)');
    expect(text).toContain('This clinic, total knee replacement: median and middle half, n = 0');
    expect(text).toContain('Too few comparable patients for a band (fewer than 10)');
    expect(text).toContain('Published mean before surgery 51.6 ± 11.5 (n = 861');
    expect(text).toMatch(/AJRR, J Bone Joint Surg Am 2026 \(substantial clinical benefit 20;/);
    // Adherence: PreOp, 6 Weeks and 3 Months submitted
    expect(text).toContain('KOOS JR 65.99');
    expect(text).toMatch(/3 of 3 questionnaires due by \d{4}-\d{2}-\d{2} submitted/);
    // Pain
    expect(text).toContain('7/10 Right knee Worse after stairs');
    // Flag and its acknowledgement (who and when)
    expect(text).toContain(flag.finding);
    expect(text).toContain('I had chest pain last night.');
    expect(text).toContain('Acknowledged by Cleo Tester on');
    expect(text).toContain(`${acknowledgedAt.slice(0, 10)} ${acknowledgedAt.slice(11, 16)} UTC`);
    expect(text).toContain('Note: Phoned; GP seen same day');
    // The last review, with the reviewer's Reg Id
    expect(text).toMatch(
      /Last reviewed \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by Cleo Tester \(Reg Id RG-4471\)/,
    );
    // A4 by default (REPORT_PAPER unset)
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    // The metadata names no one
    expect(info).not.toContain('Marguerite');
  });

  it('draws the outcome charts with the screen’s markers and legend', async () => {
    const { participant } = await kneePatient();
    const response = await callApi(
      testApp,
      'GET',
      reportUrl(participant.id),
      clinician.access_token,
    );
    expect(response.statusCode).toBe(200);
    const { text } = await pdfOf(response.rawPayload, 'markers');
    // The legend is the contract's, in the screen's order: one set of words for both.
    const legend = MARKER_LEGEND_ORDER.map((kind) => OUTCOME_MARKERS[kind].label).join(' ');
    expect(text).toContain(legend);
    expect(text).toContain('Hollow square with whiskers: Published mean before surgery');
    expect(text).not.toMatch(/filled circle|Diamond with whiskers/i);
    // Each meaning is drawn in the contract's shape (as the screen draws it).
    for (const kind of MARKER_LEGEND_ORDER) {
      const corners = markerPoints(OUTCOME_MARKERS[kind].shape, 10, 10, 4);
      const svg = markerSvg(kind, 10, 10, 4);
      if (corners === null) expect(svg).toMatch(/^<circle /);
      else
        expect(svg).toContain(
          `points="${corners.map((c) => c.map((n) => n.toFixed(1)).join(',')).join(' ')}"`,
        );
      expect(svg.includes('fill="#ffffff"')).toBe(OUTCOME_MARKERS[kind].hollow);
    }
  });

  it('keeps the longest rotated axis title between the chart heading and the axis', async () => {
    const data = { outcomes: { surveys: [promisSurvey] } } as unknown as ReportData;
    const file = path.join(workDir, 'axis.pdf');
    await writeFile(
      file,
      await renderPdf({
        content: outcomeScores(data),
        pageSize: { width: 595.28, height: 841.89 },
        pageMargins: 40,
      }),
    );
    const { stdout } = await run('pdftotext', ['-bbox', file, '-']);
    const words = [
      ...stdout.matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g),
    ].map(([, yMin, yMax, word]) => ({ yMin: Number(yMin), yMax: Number(yMax), word }));
    const top = words.find((w) => w.word === 'better)')?.yMax ?? NaN;
    const bottom = words.find((w) => w.word === 'PreOp')?.yMin ?? NaN;
    const title = promisLabel.split(' ').map((part) => words.find((w) => w.word === part));
    expect(title.every(Boolean)).toBe(true);
    for (const word of title) {
      expect(word?.yMin).toBeGreaterThan(top);
      expect(word?.yMax).toBeLessThan(bottom);
    }
  });

  it('keeps each chart with its heading and legend on one page wherever it falls', async () => {
    const data = { outcomes: { surveys: [promisSurvey] } } as unknown as ReportData;
    const legend = MARKER_LEGEND_ORDER.map((kind) => OUTCOME_MARKERS[kind].label);
    // Text above pushes the chart down step by step, across the foot of the first page.
    for (let above = 420; above <= 720; above += 20) {
      const file = path.join(workDir, `break-${above}.pdf`);
      await writeFile(
        file,
        await renderPdf({
          content: [{ text: ' ', margin: [0, above, 0, 0] }, ...outcomeScores(data)],
          pageSize: { width: 595.28, height: 841.89 },
          pageMargins: 40,
        }),
      );
      const { stdout } = await run('pdftotext', ['-layout', file, '-']);
      const pages = stdout.split('\f').map((page) => page.replace(/\s+/g, ' '));
      const chartPage = pages.find((page) => page.includes('PROMIS Global Physical Health ('));
      for (const label of legend) expect(chartPage, `${label} at ${above}`).toContain(label);
    }
  });

  it('prints on US Letter or A4 as asked', async () => {
    const participant = await createParticipant(testApp.db, { firstName: 'Tomasz' });
    const letter = await callApi(
      testApp,
      'GET',
      reportUrl(participant.id, 'paper=letter'),
      clinician.access_token,
    );
    expect(letter.statusCode).toBe(200);
    const letterPdf = await pdfOf(letter.rawPayload, 'letter');
    expect(letterPdf.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect(letterPdf.text).toContain('No surgery is recorded.');
    expect(letterPdf.text).toContain('Never reviewed');
    const a4 = await callApi(
      testApp,
      'GET',
      reportUrl(participant.id, 'paper=a4'),
      clinician.access_token,
    );
    expect((await pdfOf(a4.rawPayload, 'a4')).info).toMatch(/\(A4\)/);
  });

  it('each download leaves one audit row naming the participant', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await callApi(
      testApp,
      'GET',
      reportUrl(participant.id),
      clinician.access_token,
    );
    expect(response.statusCode).toBe(200);
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.requestId, String(response.headers['x-request-id']))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: AUDIT_ACTIONS.participantReportDownload,
      actorId: clinician.user.id,
      subjectType: 'participant',
      subjectId: participant.id,
      details: { paper: 'a4' },
    });
  });

  it('refuses a bad paper, an unknown participant, a staff id and other roles with a sentence', async () => {
    const participant = await createParticipant(testApp.db);
    for (const paper of ['legal', 'A4%00', "a4' or 1=1", 'x'.repeat(5000)]) {
      const refused = failure(
        await callApi(
          testApp,
          'GET',
          reportUrl(participant.id, `paper=${encodeURIComponent(paper)}`),
          clinician.access_token,
        ),
        400,
        'VALIDATION_ERROR',
      );
      expect(refused._error).toContain(REPORT_MESSAGES.paperInvalid);
    }
    failure(
      await callApi(testApp, 'GET', reportUrl(999_999), clinician.access_token),
      404,
      'NOT_FOUND',
    );
    failure(
      await callApi(testApp, 'GET', reportUrl(clinician.user.id), clinician.access_token),
      404,
      'NOT_FOUND',
    );
    failure(
      await callApi(testApp, 'GET', reportUrl('abc'), clinician.access_token),
      400,
      'VALIDATION_ERROR',
    );
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(
      await callApi(testApp, 'GET', reportUrl(participant.id), admin.access_token),
      403,
      'FORBIDDEN',
    );
    failure(await callApi(testApp, 'GET', reportUrl(participant.id), null), 401, 'UNAUTHENTICATED');
    failure(
      await callApi(testApp, 'GET', reportUrl(participant.id), 'tampered.token.value'),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('prints hostile text as text', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: '=HYPERLINK("http://x")',
      lastName: '<script>alert(1)</script> 😀 Zoë',
    });
    const response = await callApi(
      testApp,
      'GET',
      reportUrl(participant.id),
      clinician.access_token,
    );
    expect(response.statusCode).toBe(200);
    const { text } = await pdfOf(response.rawPayload, 'hostile');
    expect(text).toContain('=HYPERLINK("http://x")');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('Zoë');
  });
});
