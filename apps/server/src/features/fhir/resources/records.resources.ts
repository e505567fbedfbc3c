import type {
  Communication,
  Flag,
  Procedure,
  Questionnaire,
  QuestionnaireResponse,
} from '@medplum/fhirtypes';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import type { Concern } from '@recovery-portal/contract/flags';
import {
  SURGERY_PROCEDURE_LABELS,
  SURGERY_PROCEDURES,
  type SurgeryProcedure,
} from '@recovery-portal/contract/surgery';
import { THRESHOLD_RULE_DEFINITIONS, THRESHOLD_RULES } from '@recovery-portal/contract/thresholds';
import type { Database } from '#app/db/client';
import { conversations } from '#app/db/schema/conversations';
import { nudges } from '#app/db/schema/nudges';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { clinicalFlags } from '#app/db/schema/triage';
import { toSurveyResponse } from '#app/core/surveys/survey-responses';
import { submittedWithin, surveyResponseRows } from './survey-response-source';
import { FLAG_CATEGORY, SNOMED_CT, SNOMED_PROCEDURE } from './codes';
import {
  SERIAL_MAX_KEY,
  allOf,
  dayConditions,
  instantConditions,
  keysOf,
  type FhirContext,
  type FhirSource,
} from './fhir-source';
import { type SurveyResponseRow } from './observations.repository';
import {
  countConversations,
  countFlags,
  countNudges,
  countSurgeries,
  countSurveys,
  flagLastUpdated,
  pageConversations,
  pageFlags,
  pageNudges,
  pageSurgeries,
  pageSurveys,
  type ConversationRow,
  type FlagRow,
  type NudgeRow,
  type QuestionnaireRow,
  type SurgeryRow,
} from './records.repository';
import type { ParsedSearch, Token } from '#app/features/fhir/search/search-params';

function keyIn(column: PgColumn, keys: number[] | null): SQL | undefined | null {
  return keys === null ? undefined : keys.length ? inArray(column, keys) : null;
}

function patientIn(column: PgColumn, search: ParsedSearch): SQL | undefined | null {
  if (!search.patients) return undefined;
  return search.patients.length ? inArray(column, search.patients) : null;
}

/** Codes of the tokens that name `system` (or no system). */
function codesFor(tokens: readonly Token[], system: string): string[] {
  return tokens.filter((token) => !token.system || token.system === system).map((t) => t.code);
}

const today = () => new Date().toISOString().slice(0, 10);

/** Surgeries as Procedures: SNOMED CT for knee and hip replacement, the portal's code always. */
export function procedureSource(db: Database): FhirSource<SurgeryRow> {
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where(search, ctx) {
      let procedures: SurgeryProcedure[] | null = null;
      if (search.code) {
        const local = codesFor(search.code, ctx.systems.procedure);
        const snomed = codesFor(search.code, SNOMED_CT);
        procedures = SURGERY_PROCEDURES.filter(
          (procedure) =>
            local.includes(procedure) || snomed.includes(SNOMED_PROCEDURE[procedure]?.code ?? ''),
        );
      }
      return allOf([
        keyIn(surgeries.id, keysOf(search, '', SERIAL_MAX_KEY)),
        patientIn(surgeries.userId, search),
        procedures === null
          ? undefined
          : procedures.length
            ? inArray(surgeries.procedure, procedures)
            : null,
        ...dayConditions(surgeries.surgeryDate, search.date),
        ...instantConditions(surgeries.updatedAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageSurgeries(db, where, afterKey, limit),
    count: (where) => countSurgeries(db, where),
    keyIs: (key) => eq(surgeries.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row, ctx): Procedure {
      const label = SURGERY_PROCEDURE_LABELS[row.procedure];
      const snomed = SNOMED_PROCEDURE[row.procedure];
      return {
        resourceType: 'Procedure',
        id: String(row.id),
        meta: { lastUpdated: row.updatedAt.toISOString() },
        status: row.surgeryDate <= today() ? 'completed' : 'preparation',
        code: {
          coding: [
            ...(snomed ? [{ system: SNOMED_CT, ...snomed }] : []),
            { system: ctx.systems.procedure, code: row.procedure, display: label },
          ],
          text: label,
        },
        subject: { reference: `Patient/${row.userId}` },
        performedDateTime: row.surgeryDate,
        performer: [{ actor: { display: row.surgeon } }],
        location: { display: row.hospital },
        ...(row.notes ? { note: [{ text: row.notes }] } : {}),
      };
    },
  };
}

/** Triage flags, with who acknowledged them, when and why, in an extension. */
export function flagSource(db: Database, concerns: readonly Concern[]): FhirSource<FlagRow> {
  const concernLabels = new Map(concerns.map((concern) => [concern.id, concern.label]));
  const labelOf = (row: FlagRow): string => {
    if (row.source === 'THRESHOLD') {
      const rule = THRESHOLD_RULES.find((candidate) => candidate === row.rule);
      if (rule) return THRESHOLD_RULE_DEFINITIONS[rule].label;
    }
    return concernLabels.get(row.rule) ?? row.rule;
  };
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where(search, ctx) {
      const wantsClinical =
        !search.category || codesFor(search.category, FLAG_CATEGORY).includes('clinical');
      if (!wantsClinical) return null;
      const rules = search.code ? codesFor(search.code, ctx.systems.flagRule) : null;
      return allOf([
        keyIn(clinicalFlags.id, keysOf(search, '', SERIAL_MAX_KEY)),
        patientIn(clinicalFlags.userId, search),
        rules === null ? undefined : rules.length ? inArray(clinicalFlags.rule, rules) : null,
        ...instantConditions(clinicalFlags.detectedAt, search.date),
        ...instantConditions(flagLastUpdated, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageFlags(db, where, afterKey, limit),
    count: (where) => countFlags(db, where),
    keyIs: (key) => eq(clinicalFlags.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row, ctx): Flag {
      const label = labelOf(row);
      const acknowledgement = row.acknowledgedAt
        ? [
            {
              url: ctx.systems.flagAcknowledgement,
              extension: [
                { url: 'at', valueDateTime: row.acknowledgedAt.toISOString() },
                ...(row.acknowledgedBy === null
                  ? []
                  : [
                      {
                        url: 'by',
                        valueReference: { reference: `Practitioner/${row.acknowledgedBy}` },
                      },
                    ]),
                ...(row.acknowledgementNote
                  ? [{ url: 'note', valueString: row.acknowledgementNote }]
                  : []),
              ],
            },
          ]
        : [];
      return {
        resourceType: 'Flag',
        id: String(row.id),
        meta: { lastUpdated: (row.acknowledgedAt ?? row.createdAt).toISOString() },
        extension: [
          { url: ctx.systems.flagSeverity, valueCode: row.severity.toLowerCase() },
          ...acknowledgement,
        ],
        status: row.status === 'OPEN' ? 'active' : 'inactive',
        category: [{ coding: [{ system: FLAG_CATEGORY, code: 'clinical', display: 'Clinical' }] }],
        code: {
          coding: [{ system: ctx.systems.flagRule, code: row.rule, display: label }],
          text: label,
        },
        subject: { reference: `Patient/${row.userId}` },
        period: {
          start: row.detectedAt.toISOString(),
          ...(row.acknowledgedAt ? { end: row.acknowledgedAt.toISOString() } : {}),
        },
      };
    },
  };
}

/** category=nudge|coach of the portal's communication-category system. */
export function wantsCategory(
  search: ParsedSearch,
  ctx: FhirContext,
  code: 'nudge' | 'coach',
): boolean {
  return (
    !search.category || codesFor(search.category, ctx.systems.communicationCategory).includes(code)
  );
}

export function communicationCategory(ctx: FhirContext, code: 'nudge' | 'coach') {
  const display = code === 'nudge' ? 'Nudge' : 'Coach conversation';
  return [
    { coding: [{ system: ctx.systems.communicationCategory, code, display }], text: display },
  ];
}

/** Nudges sent to a participant's phone. */
function nudgeSource(db: Database): FhirSource<NudgeRow> {
  return {
    kind: 0,
    prefix: 'nudge-',
    maxKey: SERIAL_MAX_KEY,
    where(search, ctx) {
      if (!wantsCategory(search, ctx, 'nudge')) return null;
      return allOf([
        keyIn(nudges.id, keysOf(search, 'nudge-', SERIAL_MAX_KEY)),
        patientIn(nudges.userId, search),
        ...dayConditions(nudges.targetDate, search.date),
        ...instantConditions(nudges.createdAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageNudges(db, where, afterKey, limit),
    count: (where) => countNudges(db, where),
    keyIs: (key) => eq(nudges.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row, ctx): Communication {
      const sent = `${row.targetDate}T${row.sendTime}Z`;
      const status: Communication['status'] =
        row.trackingType === 'PENDING'
          ? 'preparation'
          : row.trackingType === 'CANCELLED'
            ? 'not-done'
            : 'completed';
      return {
        resourceType: 'Communication',
        id: `nudge-${row.id}`,
        meta: { lastUpdated: row.createdAt.toISOString() },
        status,
        category: communicationCategory(ctx, 'nudge'),
        subject: { reference: `Patient/${row.userId}` },
        recipient: [{ reference: `Patient/${row.userId}` }],
        ...(status === 'completed' ? { sent } : {}),
        ...(row.openedAt ? { received: row.openedAt.toISOString() } : {}),
        topic: { text: row.title },
        payload: [{ contentString: row.content }],
      };
    },
  };
}

/** Coach conversations: what the coach said, with the conversation's summary as a note. */
function coachSource(db: Database): FhirSource<ConversationRow> {
  return {
    kind: 1,
    prefix: 'coach-',
    maxKey: SERIAL_MAX_KEY,
    where(search, ctx) {
      if (!wantsCategory(search, ctx, 'coach')) return null;
      return allOf([
        keyIn(conversations.id, keysOf(search, 'coach-', SERIAL_MAX_KEY)),
        patientIn(conversations.userId, search),
        ...instantConditions(conversations.endedAt, search.date),
        ...instantConditions(conversations.createdAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageConversations(db, where, afterKey, limit),
    count: (where) => countConversations(db, where),
    keyIs: (key) => eq(conversations.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row, ctx): Communication {
      const said = (Array.isArray(row.transcript) ? row.transcript : []).filter(
        (message) => message.userId === COACH_USER_ID && message.message.trim() !== '',
      );
      return {
        resourceType: 'Communication',
        id: `coach-${row.id}`,
        meta: { lastUpdated: row.createdAt.toISOString() },
        status: 'completed',
        category: communicationCategory(ctx, 'coach'),
        subject: { reference: `Patient/${row.userId}` },
        recipient: [{ reference: `Patient/${row.userId}` }],
        sent: row.endedAt.toISOString(),
        ...(said.length ? { payload: said.map((m) => ({ contentString: m.message })) } : {}),
        ...(row.summary.trim() ? { note: [{ text: row.summary }] } : {}),
      };
    },
  };
}

export function communicationSources(db: Database) {
  return [nudgeSource(db), coachSource(db)];
}

/** The answer options of a question as codings: the option's index is its code. */
function optionCoding(ctx: FhirContext, surveyId: number, index: number, text: string) {
  return { system: `${ctx.systems.survey}/${surveyId}`, code: String(index), display: text };
}

/** The surveys (KOOS JR, PROMIS …) as Questionnaires of single-choice questions. */
export function questionnaireSource(db: Database): FhirSource<QuestionnaireRow> {
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where: (search) => allOf([keyIn(surveys.id, keysOf(search, '', SERIAL_MAX_KEY))]),
    page: (where, afterKey, limit) => pageSurveys(db, where, afterKey, limit),
    count: (where) => countSurveys(db, where),
    keyIs: (key) => eq(surveys.id, key),
    key: (row) => row.id,
    participant: () => null,
    toResource(row, ctx): Questionnaire {
      const questions = Array.isArray(row.questions) ? row.questions : [];
      return {
        resourceType: 'Questionnaire',
        id: String(row.id),
        url: `${ctx.base}/Questionnaire/${row.id}`,
        status: 'active',
        title: row.title,
        ...(row.description.trim() ? { description: row.description } : {}),
        subjectType: ['Patient'],
        item: questions.map((question, index) => ({
          linkId: String(index + 1),
          text: question.question,
          type: 'choice' as const,
          required: true,
          answerOption: question.options.map((option, optionIndex) => ({
            valueCoding: optionCoding(ctx, row.id, optionIndex, option),
          })),
        })),
      };
    },
  };
}

/** Submitted surveys with their answers, read through the surveys feature. */
export function questionnaireResponseSource(db: Database): FhirSource<SurveyResponseRow> {
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where(search) {
      return allOf([
        keyIn(surveyResponses.id, keysOf(search, '', SERIAL_MAX_KEY)),
        patientIn(surveyResponses.userId, search),
        ...submittedWithin(search),
      ]);
    },
    ...surveyResponseRows(db),
    toResource(row, ctx): QuestionnaireResponse {
      const response = toSurveyResponse(row, today());
      const authored = response.submitted_at ?? undefined;
      return {
        resourceType: 'QuestionnaireResponse',
        id: String(row.id),
        ...(authored ? { meta: { lastUpdated: row.storedAt?.toISOString() ?? authored } } : {}),
        questionnaire: `${ctx.base}/Questionnaire/${row.surveyId}`,
        status: 'completed',
        subject: { reference: `Patient/${row.userId}` },
        ...(authored ? { authored } : {}),
        item: response.content.map((item, index) => ({
          linkId: String(index + 1),
          text: item.question,
          ...(item.selected_option === null
            ? {}
            : {
                answer: [
                  {
                    valueCoding: optionCoding(
                      ctx,
                      row.surveyId,
                      item.selected_option,
                      item.options[item.selected_option] ?? '',
                    ),
                  },
                ],
              }),
        })),
      };
    },
  };
}
