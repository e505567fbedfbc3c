import * as z from 'zod/mini';

/** The collapsible record cards of the participant's left panel (spec §2). */
export const CLINICAL_RECORD_CATEGORIES = [
  'LAB_RESULT',
  'MEDICATION',
  'ALLERGY',
  'ED_VISIT',
  'CONSULT',
  'HOSPITALIZATION',
] as const;
export const clinicalRecordCategorySchema = z.enum(CLINICAL_RECORD_CATEGORIES);
export type ClinicalRecordCategory = z.infer<typeof clinicalRecordCategorySchema>;

export const CLINICAL_RECORD_LABELS: Record<ClinicalRecordCategory, string> = {
  LAB_RESULT: 'Lab Results',
  MEDICATION: 'Medications',
  ALLERGY: 'Allergies',
  ED_VISIT: 'ED Visits',
  CONSULT: 'Consults',
  HOSPITALIZATION: 'Hospitalization',
};
