import { FHIR_RESOURCE_TYPES, type FhirResourceType } from './fhir';

/**
 * SMART App Launch scopes a participant's app may hold (SMART App Launch 2.x, section "Scopes
 * for requesting clinical data"): `patient/<Type>.<cruds>` (v2, the letters a subset in that
 * order) and the v1 forms `patient/<Type>.read`, `.write` and `.*`, which map onto the same
 * interactions. `<Type>` is a served resource type or `*`.
 */
export const PATIENT_INTERACTIONS = ['c', 'r', 'u', 'd', 's'] as const;
export type PatientInteraction = (typeof PATIENT_INTERACTIONS)[number];

const V1_INTERACTIONS: Record<string, readonly PatientInteraction[]> = {
  read: ['r', 's'],
  write: ['c', 'u', 'd'],
  '*': PATIENT_INTERACTIONS,
};

export interface PatientScope {
  type: FhirResourceType | '*';
  interactions: ReadonlySet<PatientInteraction>;
}

/** What one `patient/…` scope grants, or null when it is not one this server knows. */
export function parsePatientScope(scope: string): PatientScope | null {
  const match = /^patient\/(\*|[A-Za-z]+)\.([a-z*]+)$/.exec(scope);
  if (!match) return null;
  const [, type = '', access = ''] = match;
  if (type !== '*' && !(FHIR_RESOURCE_TYPES as readonly string[]).includes(type)) return null;
  const v1 = V1_INTERACTIONS[access];
  if (v1) return { type: type as PatientScope['type'], interactions: new Set(v1) };
  // v2: one or more of c, r, u, d, s, each at most once and in that order.
  if (!/^c?r?u?d?s?$/.test(access) || access.length === 0) return null;
  return {
    type: type as PatientScope['type'],
    interactions: new Set([...access] as PatientInteraction[]),
  };
}

/** Whether any of the scopes lets the holder do `interaction` on resources of `type`. */
export function patientScopesAllow(
  scopes: readonly string[],
  type: string,
  interaction: PatientInteraction,
): boolean {
  return scopes.some((scope) => {
    const parsed = parsePatientScope(scope);
    return (
      parsed !== null &&
      (parsed.type === '*' || parsed.type === type) &&
      parsed.interactions.has(interaction)
    );
  });
}

/** Lifetime of a participant app's access token; the app renews it with its refresh token. */
export const SMART_PATIENT_TOKEN_TTL_SECONDS = 600;
