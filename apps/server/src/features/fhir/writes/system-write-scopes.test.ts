import {
  FHIR_CLIENT_MESSAGES,
  scopesReachPatientData,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { describe, expect, it } from 'vitest';
import { authHeaders, failure, loginAs, postJson, useTestApp } from '#app/test/build-test-app';
import {
  grantScopes,
  parseScopes,
  scopesAllow,
  scopesAllowCreate,
} from '#app/features/fhir/smart-auth/client-scopes';

const testApp = useTestApp();

describe("a system client's write scope (system/Communication.c)", () => {
  it('is the one write scope, reaches patient data, and reads nothing', () => {
    expect(parseScopes('system/Communication.c system/Observation.rs')).toEqual([
      'system/Communication.c',
      'system/Observation.rs',
    ]);
    for (const scope of [
      'system/Observation.c',
      'system/Communication.cud',
      'system/*.c',
      'system/*.write',
    ]) {
      expect(parseScopes(scope), scope).toBeNull();
    }
    expect(scopesReachPatientData(['system/Communication.c'])).toBe(true);
    expect(scopesAllow(['system/Communication.c'], 'Communication')).toBe(false);
    expect(scopesAllowCreate(['system/Communication.c'], 'Communication')).toBe(true);
    expect(scopesAllowCreate(['system/*.rs', 'system/Communication.rs'], 'Communication')).toBe(
      false,
    );
  });

  it('is granted only when registered and asked for by name, never through a read wildcard', () => {
    const registered = ['system/Communication.c', 'system/Patient.rs'];
    expect(grantScopes(['system/*.rs'], registered)).toEqual(['system/Patient.rs']);
    expect(grantScopes(['system/Communication.c'], registered)).toEqual(['system/Communication.c']);
    expect(grantScopes(['system/Communication.c'], ['system/*.rs'])).toEqual([]);
  });

  it('is accepted at registration, where any other write scope is refused with a sentence', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const register = (scopes: string[]) =>
      postJson(
        testApp.app,
        API_PATHS.fhirClients.list,
        { name: 'Coach', public_key_jwk: '{"kty":"EC"}', scopes },
        { headers: authHeaders(admin.access_token) },
      );
    const refused = await register(['system/Observation.c']);
    expect(failure(refused, 400, 'VALIDATION_ERROR').error.message).toContain(
      FHIR_CLIENT_MESSAGES.scopeInvalid,
    );
    // The scope passes; the (incomplete) key is what is refused next.
    const keyRefused = await register(['system/Communication.c']);
    expect(failure(keyRefused, 400, 'VALIDATION_ERROR').error.message).toBe(
      FHIR_CLIENT_MESSAGES.keyInvalid,
    );
  });
});
