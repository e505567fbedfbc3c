import { FHIR_WRITE_MESSAGES } from '@recovery-portal/contract/fhir-writes';
import type { SurveyQuestion } from '@recovery-portal/contract/surveys';
import type { FhirContext } from '#app/features/fhir/resources/fhir-source';
import {
  arrayAt,
  identifiersOf,
  instantAt,
  malformed,
  objectAt,
  optionalObjectAt,
  optionalStringAt,
  requireOwnSubject,
  resourceOf,
  statusOf,
  stringAt,
  unprocessable,
  type JsonObject,
  type WriteIdentifier,
} from './json-input';

/** The parts of a QuestionnaireResponse read before its Questionnaire is known. */
export interface QuestionnaireResponseHead {
  resource: JsonObject;
  surveyId: number;
  authored: Date;
  identifiers: WriteIdentifier[];
}

const QUESTIONNAIRE_PATH = 'QuestionnaireResponse.questionnaire';

/** The survey id of `<base>/Questionnaire/<id>` (a `|version` suffix is allowed); else null. */
function surveyIdOf(canonical: string, ctx: FhirContext): number | null {
  const [url = ''] = canonical.split('|');
  const match = /^Questionnaire\/(\d{1,9})$/.exec(
    url.startsWith(`${ctx.base}/`) ? url.slice(ctx.base.length + 1) : '',
  );
  return match ? Number(match[1]) : null;
}

export function questionnaireUnknown() {
  return unprocessable(
    FHIR_WRITE_MESSAGES.questionnaireUnknown(QUESTIONNAIRE_PATH),
    QUESTIONNAIRE_PATH,
    'not-found',
  );
}

/**
 * Reads what a QuestionnaireResponse says about itself: completed, about the token's patient,
 * answering a Questionnaire of this server (its canonical URL as GET Questionnaire serves it),
 * authored no more than a day ahead (absent: now).
 */
export function readQuestionnaireResponseHead(
  body: unknown,
  ctx: FhirContext,
  caller: { patientId: number; now: Date },
): QuestionnaireResponseHead {
  const resource = resourceOf(body, 'QuestionnaireResponse');
  statusOf(resource, 'QuestionnaireResponse', ['completed']);
  requireOwnSubject(resource.subject, 'QuestionnaireResponse.subject', caller.patientId, ctx.base);
  const surveyId = surveyIdOf(stringAt(resource.questionnaire, QUESTIONNAIRE_PATH), ctx);
  if (surveyId === null) throw questionnaireUnknown();
  const authored =
    resource.authored === undefined
      ? caller.now
      : instantAt(resource.authored, 'QuestionnaireResponse.authored', caller.now);
  return {
    resource,
    surveyId,
    authored,
    identifiers: identifiersOf(resource, 'QuestionnaireResponse'),
  };
}

/**
 * The chosen option of each item of the Questionnaire (null where unanswered), as the item's
 * linkId (1-based position) and answerOption coding (its index under
 * `<base>/CodeSystem/survey/<id>`) say: unknown or repeated items, several answers and codes that
 * are no option are refused, naming the element.
 */
export function answersOf(
  resource: JsonObject,
  survey: { id: number; questions: readonly SurveyQuestion[] },
  ctx: FhirContext,
): (number | null)[] {
  const answers: (number | null)[] = survey.questions.map(() => null);
  const seen = new Set<number>();
  const optionSystem = `${ctx.systems.survey}/${survey.id}`;
  arrayAt(resource.item, 'QuestionnaireResponse.item').forEach((entry, index) => {
    const at = `QuestionnaireResponse.item[${index}]`;
    const item = objectAt(entry, at);
    const linkId = stringAt(item.linkId, `${at}.linkId`);
    const position = /^\d{1,4}$/.test(linkId) ? Number(linkId) - 1 : -1;
    const question = survey.questions[position];
    if (!question) {
      throw unprocessable(FHIR_WRITE_MESSAGES.linkIdUnknown(`${at}.linkId`), `${at}.linkId`);
    }
    if (seen.has(position)) {
      throw unprocessable(
        FHIR_WRITE_MESSAGES.linkIdRepeated(`${at}.linkId`),
        `${at}.linkId`,
        'duplicate',
      );
    }
    seen.add(position);
    const given = arrayAt(item.answer, `${at}.answer`);
    if (given.length > 1) {
      throw unprocessable(FHIR_WRITE_MESSAGES.oneAnswer(`${at}.answer`), `${at}.answer`);
    }
    const [first] = given;
    if (first === undefined) return;
    const path = `${at}.answer[0].valueCoding`;
    const coding = optionalObjectAt(objectAt(first, `${at}.answer[0]`).valueCoding, path);
    if (!coding) throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
    const system = optionalStringAt(coding.system, `${path}.system`);
    const code = stringAt(coding.code, `${path}.code`);
    const option = /^\d{1,4}$/.test(code) ? Number(code) : Infinity;
    if ((system !== undefined && system !== optionSystem) || option >= question.options.length) {
      throw unprocessable(FHIR_WRITE_MESSAGES.optionUnknown(path), path, 'code-invalid');
    }
    answers[position] = option;
  });
  return answers;
}
