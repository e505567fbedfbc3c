import {
  PATIENT_INTERACTIONS,
  parsePatientScope,
  type PatientInteraction,
  type PatientScope,
} from '@recovery-portal/contract/smart-scopes';

/**
 * Context scopes this server grants: the patient in context (always the participant who signed
 * in) and a refresh token. `openid` and `fhirUser` ask for an ID token, which it does not issue,
 * and `online_access` for nothing more than an access token: they are left out of the grant.
 */
const GRANTED_CONTEXT_SCOPES: readonly string[] = ['launch/patient', 'offline_access'];

function spell(type: PatientScope['type'], interactions: ReadonlySet<PatientInteraction>): string {
  return `patient/${type}.${PATIENT_INTERACTIONS.filter((letter) => interactions.has(letter)).join('')}`;
}

/** What one requested patient scope and one registered one both allow, as a v2 scope, or null. */
function intersect(requested: PatientScope, registered: PatientScope): string | null {
  const type =
    requested.type === '*'
      ? registered.type
      : registered.type === '*' || registered.type === requested.type
        ? requested.type
        : null;
  if (type === null) return null;
  const both = new Set([...requested.interactions].filter((i) => registered.interactions.has(i)));
  return both.size > 0 ? spell(type, both) : null;
}

function covers(outer: PatientScope, inner: PatientScope): boolean {
  return (
    (outer.type === '*' || outer.type === inner.type) &&
    [...inner.interactions].every((interaction) => outer.interactions.has(interaction))
  );
}

/**
 * The scopes a participant is asked to allow: of each requested patient scope, what the app's
 * registered scopes allow of it (as asked, when one registered scope covers it all), and the
 * granted context scopes the app registered. Unknown scopes are left out (RFC 6749 §3.3: the
 * server may grant less than asked). Never more than registered, and only patient scopes, so a
 * token can reach nothing but the participant's own compartment.
 */
export function grantAppScopes(requested: readonly string[], registered: readonly string[]) {
  const registeredScopes = registered.flatMap((scope) => parsePatientScope(scope) ?? []);
  const granted = new Set<string>();
  for (const scope of requested) {
    if (GRANTED_CONTEXT_SCOPES.includes(scope)) {
      if (registered.includes(scope)) granted.add(scope);
      continue;
    }
    const parsed = parsePatientScope(scope);
    if (!parsed) continue;
    if (registeredScopes.some((allowed) => covers(allowed, parsed))) {
      granted.add(scope);
      continue;
    }
    for (const allowed of registeredScopes) {
      const both = intersect(parsed, allowed);
      if (both) granted.add(both);
    }
  }
  return [...granted];
}

/** Whether the scopes reach any resource: a grant of context scopes alone opens nothing. */
export function grantsResourceAccess(scopes: readonly string[]): boolean {
  return scopes.some((scope) => parsePatientScope(scope) !== null);
}
