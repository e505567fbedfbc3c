import type { CapabilityStatementRestResourceSearchParam } from '@medplum/fhirtypes';
import type { FhirResourceType } from '@recovery-portal/contract/fhir';
import type { Concern } from '@recovery-portal/contract/flags';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import type { UidBackfill } from '#app/core/imaging/imaging-uids';
import type { AnySource } from './fhir-source';
import { groupSource } from './group.resources';
import { imagingStudySource } from './imaging-study.resources';
import { observationSources } from './observation.resources';
import { patientSource, practitionerSource } from './people.resources';
import {
  communicationSources,
  flagSource,
  procedureSource,
  questionnaireResponseSource,
  questionnaireSource,
} from './records.resources';
import type { SearchParamName } from '#app/features/fhir/search/search-params';
import { coachMessageSource } from '#app/features/fhir/writes/coach-message.source';

type ParamDoc = Pick<CapabilityStatementRestResourceSearchParam, 'type' | 'documentation'>;

/** What each search parameter means, per type, for the CapabilityStatement. */
export interface ResourceDefinition {
  type: FhirResourceType;
  sources: AnySource[];
  params: Partial<Record<SearchParamName, ParamDoc>>;
  /** Portal roles that may read it with their access token (as on the portal's screens). */
  staffReaders: readonly StaffRole[];
  /** About one participant: in the Patient compartment and its bulk export. */
  perParticipant: boolean;
}

const subject = (documentation: string): Partial<Record<SearchParamName, ParamDoc>> => ({
  patient: { type: 'reference', documentation },
  subject: { type: 'reference', documentation },
});

const lastUpdated = (documentation: string) => ({
  _lastUpdated: { type: 'date' as const, documentation },
});

/**
 * The resource types the API serves. Clinicians read participants' data, as on the portal;
 * administrators manage staff and read only Practitioners (the Clinicians screen) and Groups.
 */
export function resourceDefinitions(
  db: Database,
  concerns: readonly Concern[],
  uids: Pick<UidBackfill, 'fill'>,
): ResourceDefinition[] {
  const clinicians = ['CLINICIAN'] as const;
  return [
    {
      type: 'Patient',
      sources: [patientSource(db)],
      params: {
        identifier: {
          type: 'token',
          documentation:
            "The portal id (NamingSystem/user-id), the clinic's record number (NamingSystem/mrn, or FHIR_MRN_SYSTEM) or a registration (NamingSystem/reg-id).",
        },
        ...lastUpdated('When the participant record last changed.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      type: 'Practitioner',
      sources: [practitionerSource(db)],
      params: {
        identifier: {
          type: 'token',
          documentation:
            'The portal id (NamingSystem/user-id) or the Reg Id (NamingSystem/reg-id).',
        },
        ...lastUpdated('When the clinician record last changed.'),
      },
      staffReaders: ['CLINICIAN', 'ADMINISTRATOR'],
      perParticipant: false,
    },
    {
      type: 'Observation',
      sources: observationSources(db),
      params: {
        ...subject('The participant measured or surveyed.'),
        date: { type: 'date', documentation: 'When it was measured (survey scores: submitted).' },
        code: {
          type: 'token',
          documentation:
            'LOINC (e.g. 85354-9 blood pressure panel, 29463-7 body weight), the CodeSystem/measurement codes, or a survey id of CodeSystem/survey for its score.',
        },
        category: {
          type: 'token',
          documentation: 'observation-category: vital-signs, activity, laboratory or survey.',
        },
        ...lastUpdated('Measurements never change: their measurement time; scores: submitted.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      type: 'Procedure',
      sources: [procedureSource(db)],
      params: {
        ...subject('The participant operated on.'),
        date: { type: 'date', documentation: 'The surgery date.' },
        code: {
          type: 'token',
          documentation:
            'SNOMED CT 609588000 (total knee replacement), 52734007 (total hip replacement), or a CodeSystem/surgery-procedure code.',
        },
        ...lastUpdated('When the surgery record last changed.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      type: 'ImagingStudy',
      sources: [imagingStudySource(db, uids)],
      params: {
        ...subject('The participant imaged.'),
        identifier: {
          type: 'token',
          documentation: 'The Study Instance UID: urn:dicom:uid|urn:oid:<uid>.',
        },
        date: { type: 'date', documentation: "The study date (started): its first image's." },
        started: { type: 'date', documentation: 'The same as date.' },
        ...lastUpdated('The latest upload of an image into the study.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      type: 'Flag',
      sources: [flagSource(db, concerns)],
      params: {
        ...subject('The participant flagged.'),
        date: { type: 'date', documentation: 'When the finding happened.' },
        code: { type: 'token', documentation: 'The CodeSystem/flag-rule that fired.' },
        category: { type: 'token', documentation: 'flag-category: clinical (every flag).' },
        ...lastUpdated('Raised, or acknowledged.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      type: 'Communication',
      sources: [...communicationSources(db), coachMessageSource(db)],
      params: {
        ...subject('The participant written to.'),
        date: {
          type: 'date',
          documentation:
            'Nudges: the day sent; coach conversations: their end; messages (msg-…): when sent.',
        },
        category: {
          type: 'token',
          documentation: 'CodeSystem/communication-category: nudge or coach.',
        },
        ...lastUpdated('When the nudge was scheduled or the conversation stored.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      type: 'Questionnaire',
      sources: [questionnaireSource(db)],
      params: {},
      staffReaders: clinicians,
      perParticipant: false,
    },
    {
      type: 'QuestionnaireResponse',
      sources: [questionnaireResponseSource(db)],
      params: {
        ...subject('The participant who answered.'),
        date: { type: 'date', documentation: 'When the answers were submitted.' },
        ...lastUpdated('When the answers were submitted.'),
      },
      staffReaders: clinicians,
      perParticipant: true,
    },
    {
      // The participant groups a Group $export names; they hold no one's data.
      type: 'Group',
      sources: [groupSource(db)],
      params: {
        name: {
          type: 'string',
          documentation: "The group's name: names starting with the text, ignoring case.",
        },
      },
      staffReaders: ['CLINICIAN', 'ADMINISTRATOR'],
      perParticipant: false,
    },
  ];
}
