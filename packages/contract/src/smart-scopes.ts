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

/** Scopes that ask for something other than resource access. */
export const SMART_CONTEXT_SCOPES = [
  'launch/patient',
  'offline_access',
  'online_access',
  'openid',
  'fhirUser',
] as const;

/** Whether a participant app may be registered with this scope: a patient scope or a context one. */
export function isAppClientScope(scope: string): boolean {
  return (
    (SMART_CONTEXT_SCOPES as readonly string[]).includes(scope) || parsePatientScope(scope) !== null
  );
}

/** What a participant app registered without scopes may ask for. */
export const DEFAULT_APP_CLIENT_SCOPES = [
  'patient/*.cruds',
  'launch/patient',
  'offline_access',
  'openid',
  'fhirUser',
] as const;

/** How long the sign-in and consent pages of one authorization stay usable. */
export const SMART_AUTHORIZATION_TTL_SECONDS = 600;
/** How long an authorization code may wait for its exchange (it works once). */
export const SMART_CODE_TTL_SECONDS = 120;
/** How long an unused refresh token of a participant app lives; each use gives a new one. */
export const SMART_REFRESH_TOKEN_TTL_DAYS = 90;
