/**
 * Code systems and the codes the FHIR API attaches to the portal's data. Measurement codes are
 * stored as LOINC (contract measurements.ts); local `rp-…` codes and survey ids travel under the
 * portal's own code systems, named from the public address.
 */
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const SNOMED_CT = 'http://snomed.info/sct';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const FLAG_CATEGORY = 'http://terminology.hl7.org/CodeSystem/flag-category';
/** DICOM Controlled Terminology (PS3.16), the code system of modalities. */
export const DICOM_DCM = 'http://dicom.nema.org/resources/ontology/DCM';
/** Identifier system of DICOM UIDs, written urn:oid:<uid> (FHIR R4 ImagingStudy). */
export const DICOM_UID = 'urn:dicom:uid';
/** Codings whose code is a URI, such as urn:oid:<SOP Class UID>. */
export const URI = 'urn:ietf:rfc:3986';
/** DICOM's defined term "Other" for Modality (0008,0060). */
export const OTHER_MODALITY = 'OT';

/**
 * The portal's own code systems and identifier namespaces, under the FHIR base. The clinic's
 * record numbers (MRN) use `mrnSystem` (FHIR_MRN_SYSTEM) when the clinic names its own.
 */
export function localSystems(fhirBase: string, mrnSystem: string | null = null) {
  return {
    /** Portal user id of a participant or clinician. */
    userId: `${fhirBase}/NamingSystem/user-id`,
    /** The clinic's medical record number of a participant. */
    mrn: mrnSystem ?? `${fhirBase}/NamingSystem/mrn`,
    /** A clinician's registration ('Reg Id'). */
    regId: `${fhirBase}/NamingSystem/reg-id`,
    measurement: `${fhirBase}/CodeSystem/measurement`,
    survey: `${fhirBase}/CodeSystem/survey`,
    procedure: `${fhirBase}/CodeSystem/surgery-procedure`,
    flagRule: `${fhirBase}/CodeSystem/flag-rule`,
    communicationCategory: `${fhirBase}/CodeSystem/communication-category`,
    flagAcknowledgement: `${fhirBase}/StructureDefinition/flag-acknowledgement`,
    flagSeverity: `${fhirBase}/StructureDefinition/flag-severity`,
  };
}
export type LocalSystems = ReturnType<typeof localSystems>;

/** LOINC 85354-9 "Blood pressure panel with all children optional"; its components are stored. */
export const BP_PANEL = {
  code: '85354-9',
  display: 'Blood pressure panel with all children optional',
};
export const SYSTOLIC_CODE = MEASUREMENT_TYPES.systolicBp.code;
export const DIASTOLIC_CODE = MEASUREMENT_TYPES.diastolicBp.code;

/** Observation categories (HL7 observation-category) of the stored measurement codes. */
export type ObservationCategory = 'vital-signs' | 'activity' | 'laboratory' | 'survey';

export const MEASUREMENT_CATEGORY: Record<string, ObservationCategory> = {
  [MEASUREMENT_TYPES.weight.code]: 'vital-signs',
  [MEASUREMENT_TYPES.bmi.code]: 'vital-signs',
  [MEASUREMENT_TYPES.glucose.code]: 'laboratory',
  [MEASUREMENT_TYPES.hba1c.code]: 'laboratory',
  [MEASUREMENT_TYPES.hdl.code]: 'laboratory',
  [MEASUREMENT_TYPES.ldl.code]: 'laboratory',
  [MEASUREMENT_TYPES.triglycerides.code]: 'laboratory',
  [MEASUREMENT_TYPES.totalCholesterol.code]: 'laboratory',
  [MEASUREMENT_TYPES.steps.code]: 'activity',
  [MEASUREMENT_TYPES.activityMinutes.code]: 'activity',
  [MEASUREMENT_TYPES.distance.code]: 'activity',
  [MEASUREMENT_TYPES.strideLength.code]: 'activity',
  [MEASUREMENT_TYPES.caloriesOut.code]: 'activity',
  [MEASUREMENT_TYPES.sleepDuration.code]: 'activity',
  [MEASUREMENT_TYPES.sleepQuality.code]: 'survey',
  [MEASUREMENT_TYPES.painScore.code]: 'survey',
  [MEASUREMENT_TYPES.anxiety.code]: 'survey',
  [MEASUREMENT_TYPES.mood.code]: 'survey',
  [MEASUREMENT_TYPES.heartRate.code]: 'vital-signs',
  [MEASUREMENT_TYPES.oxygenSaturation.code]: 'vital-signs',
  [MEASUREMENT_TYPES.bodyHeight.code]: 'vital-signs',
};

export const CATEGORY_DISPLAY: Record<ObservationCategory, string> = {
  'vital-signs': 'Vital Signs',
  activity: 'Activity',
  laboratory: 'Laboratory',
  survey: 'Survey',
};

/** Stored measurement codes that are LOINC codes (the others are the portal's `rp-…` codes). */
export function isLoinc(code: string): boolean {
  return /^\d{1,7}-\d$/.test(code);
}

/** The label of a stored measurement code (contract MEASUREMENT_TYPES), for Observation.code.text. */
export const MEASUREMENT_LABEL: Record<string, string> = Object.fromEntries(
  Object.values(MEASUREMENT_TYPES).map((type) => [type.code, type.label]),
);

/**
 * SNOMED CT procedure concepts: 609588000 |Total knee replacement (procedure)| and
 * 52734007 |Total replacement of hip (procedure)| (SNOMED CT International Edition). Other
 * procedures carry the portal's own code and their label only: no concept is guessed for them.
 */
export const SNOMED_PROCEDURE: Partial<
  Record<SurgeryProcedure, { code: string; display: string }>
> = {
  TOTAL_KNEE_REPLACEMENT: { code: '609588000', display: 'Total knee replacement' },
  TOTAL_HIP_REPLACEMENT: { code: '52734007', display: 'Total replacement of hip' },
};
