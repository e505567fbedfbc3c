import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import { clinicalFlags } from '#app/db/schema/triage';
import { authHeaders, csrfHeaders, TEST_JWT_SECRET, type TestApp } from '#app/test/build-test-app';

/** Test-only helpers for the care team and task API tests (not used by the server). */

export function call(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    headers: token ? authHeaders(token) : csrfHeaders(),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

let flagSequence = 0;

/** An open flag of the participant, raised `minutesAgo` minutes ago, as the scanner writes it. */
export async function raiseFlag(
  db: Database,
  userId: number,
  severity: FlagSeverity = 'CRITICAL',
  minutesAgo = 5,
): Promise<number> {
  flagSequence += 1;
  const [row] = await db
    .insert(clinicalFlags)
    .values({
      userId,
      source: 'CONVERSATION',
      severity,
      rule: 'chest-pain',
      matchedText: 'I had chest pain last night.',
      dedupeKey: `test-${flagSequence}`,
      detectedAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning({ id: clinicalFlags.id });
  if (!row) throw new Error('no flag inserted');
  return row.id;
}

/** A token signed with the real key for a participant account (the mobile app's audience). */
export function participantToken(participantId: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'PARTICIPANT' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(participantId))
    .setIssuer('recovery-portal')
    .setAudience('recovery-portal-staff')
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

/** YYYY-MM-DD of the day `days` from the pinned now (UTC calendar). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
