import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-0123456789';
const claims = { userId: 42, role: 'CLINICIAN' as const, sessionId: randomUUID() };

describe('access tokens', () => {
  beforeEach(() => {
    // From the pinned clock on; the tests move it relative to wherever it stands.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token checked once is still refused from its expiry on, however often it was used', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + 59_000));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + 1_000));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a token altered after a good one was checked is still refused', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const admin = Buffer.from(JSON.stringify({ ...forged, role: 'ADMINISTRATOR' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${admin}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('a token signed with another secret is refused', async () => {
    const other = await createAccessTokens(`${SECRET}-other`, 60).sign(claims);
    expect(await createAccessTokens(SECRET, 60).verify(other)).toBeNull();
  });
});
