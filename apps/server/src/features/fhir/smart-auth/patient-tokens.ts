import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { SMART_PATIENT_TOKEN_TTL_SECONDS } from '@recovery-portal/contract/smart-scopes';
import type { Database } from '#app/db/client';
import { findLivePatientGrant } from './patient-grants.repository';

const ISSUER = 'recovery-portal';
const AUDIENCE = 'recovery-portal-fhir-patient';
const GRANT_ID = /^[0-9a-f-]{36}$/;

/** A participant's app calling the FHIR API: whose data, through which app and consent. */
export interface PatientCaller {
  /** The participant's user id, which is also their Patient resource's id. */
  patientId: number;
  clientId: string;
  grantId: string;
  /** The scopes of the participant's consent (SMART App Launch). */
  scopes: string[];
}

/**
 * Access tokens of participants' apps: HS256 JWTs under a key of their own (derived from the
 * server secret, so that neither a staff nor a system token verifies as one), naming the
 * participant's grant. Verifying re-reads the grant, so revocation, a revoked client, and a
 * suspended or deleted participant end the token at once.
 */
export function createPatientTokens(deps: { db: Database; secret: string }) {
  const key = createHmac('sha256', deps.secret).update('smart-patient-access-token').digest();

  return {
    async issue(caller: PatientCaller): Promise<{ accessToken: string; expiresIn: number }> {
      const accessToken = await new SignJWT({
        scope: caller.scopes.join(' '),
        patient: String(caller.patientId),
        client_id: caller.clientId,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(caller.grantId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${SMART_PATIENT_TOKEN_TTL_SECONDS}s`)
        .sign(key);
      return { accessToken, expiresIn: SMART_PATIENT_TOKEN_TTL_SECONDS };
    },

    async verify(token: string): Promise<PatientCaller | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || !GRANT_ID.test(payload.sub)) return null;
        const grant = await findLivePatientGrant(deps.db, payload.sub);
        if (!grant || String(grant.userId) !== payload.patient) return null;
        return {
          patientId: grant.userId,
          clientId: grant.clientId,
          grantId: grant.id,
          scopes: grant.scopes,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type PatientTokens = ReturnType<typeof createPatientTokens>;
