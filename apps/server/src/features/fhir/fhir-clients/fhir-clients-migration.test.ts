import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { fhirClientListSchema } from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { describe, expect, it } from 'vitest';
import { authHeaders, loginAs, successData, useTestApp } from '#app/test/build-test-app';
import { requestSystemToken } from './fhir-clients.fixtures';

const MIGRATIONS = new URL('../../../db/migrations/', import.meta.url);
const migrationFile = readdirSync(MIGRATIONS).find((name) =>
  name.endsWith('_fhir-client-scopes-approval.sql'),
);

const testApp = useTestApp();

describe('the migration that gives FHIR clients scopes and approval', () => {
  it('leaves clients registered before it with their old reach, awaiting a second administrator', async () => {
    if (!migrationFile) throw new Error('the migration file is missing');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    // The table as it was before the migration, holding a live and a revoked client.
    await testApp.db.execute(
      sql.raw(`alter table fhir_backend_clients drop column kind, drop column scopes,
        drop column approved_at, drop column approved_by`),
    );
    await testApp.db.execute(sql.raw('drop type fhir_client_kind'));
    const pair = await generateKeyPair('ES384');
    const live = randomUUID();
    const revoked = randomUUID();
    const key = JSON.stringify(await exportJWK(pair.publicKey));
    await testApp.db.execute(sql`
      insert into fhir_backend_clients (id, name, public_key, created_by, created_at, revoked_at)
      values
        (${live}, 'Old feed', ${key}::jsonb, ${admin.user.id}, now() - interval '2 days', null),
        (${revoked}, 'Gone feed', ${key}::jsonb, ${admin.user.id}, now() - interval '1 day', now())`);

    const text = readFileSync(new URL(migrationFile, MIGRATIONS), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      await testApp.db.execute(sql.raw(statement));
    }

    const list = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.fhirClients.list,
      headers: authHeaders(admin.access_token),
    });
    const clients = successData(list, fhirClientListSchema).clients;
    expect(clients.map((c) => [c.name, c.kind, c.scopes, c.status])).toEqual([
      ['Old feed', 'system', ['system/*.read'], 'pending'],
      ['Gone feed', 'system', ['system/*.read'], 'revoked'],
    ]);
    const client = clients.find((c) => c.client_id === live);
    if (!client) throw new Error('the old client is missing');
    const refused = await requestSystemToken(
      testApp,
      { client, privateKey: pair.privateKey },
      'system/*.read',
    );
    expect(refused.json()).toMatchObject({ error: 'unauthorized_client' });
  });
});
