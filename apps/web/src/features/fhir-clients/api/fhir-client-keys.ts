/** The FHIR clients feature's queries. */
export const fhirClientKeys = {
  all: ['fhir-clients'] as const,
  list: () => [...fhirClientKeys.all, 'list'] as const,
};
