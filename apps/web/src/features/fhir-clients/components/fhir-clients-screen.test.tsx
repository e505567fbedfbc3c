import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  FHIR_CLIENT_MESSAGES,
  FHIR_CLIENT_STATUS_LABELS,
  type FhirClient,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// Lazy route chunks (the page, the menu) load on first use, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const OTHER_ADMIN_ID = administratorUser.id + 1;
const CLIENT: FhirClient = {
  client_id: '6f1c2a52-3c1e-4c55-9f47-4f1a2b3c4d5e',
  name: 'Registry feed',
  kind: 'system',
  key_type: 'EC',
  redirect_uris: [],
  scopes: ['system/*.rs'],
  reaches_patient_data: true,
  status: 'pending',
  created_at: '2026-01-05T10:00:00.000Z',
  created_by: 'other.admin@clinic.test',
  created_by_id: OTHER_ADMIN_ID,
  approved_at: null,
  approved_by: null,
  revoked_at: null,
};
const KEY = '{"kty":"EC","crv":"P-384","x":"abc","y":"def"}';

function serve(registered: FhirClient[], activeAdministrators = 2) {
  setCsrfCookie();
  const update = (id: string, change: Partial<FhirClient>) => {
    const index = registered.findIndex((c) => c.client_id === id);
    const client = { ...(registered[index] ?? CLIENT), ...change };
    registered.splice(index, 1, client);
    return client;
  };
  return mockFetch((call) => {
    const method = call.init.method ?? 'GET';
    if (call.url === API_PATHS.fhirClients.list && method === 'GET') {
      return success({ clients: registered, active_administrators: activeAdministrators });
    }
    if (call.url === API_PATHS.fhirClients.list && method === 'POST') {
      const body = bodyOf(call) as {
        name: string;
        public_key_jwk: string;
        scopes: string[];
        redirect_uris?: string[];
      };
      if (body.redirect_uris) {
        const client: FhirClient = {
          ...CLIENT,
          client_id: '0a0b0c0d-0000-4000-8000-000000000002',
          name: body.name,
          kind: 'public',
          key_type: '',
          redirect_uris: body.redirect_uris,
          scopes: ['patient/*.cruds', 'launch/patient', 'offline_access', 'openid', 'fhirUser'],
          status: 'active',
        };
        registered.push(client);
        return success({
          message: FHIR_CLIENT_MESSAGES.registeredApp,
          client_id: client.client_id,
          client,
        });
      }
      if (body.public_key_jwk !== KEY) {
        return failure(400, 'VALIDATION_ERROR', FHIR_CLIENT_MESSAGES.keyInvalid, [
          { field: 'public_key_jwk', message: FHIR_CLIENT_MESSAGES.keyInvalid },
        ]);
      }
      const client: FhirClient = {
        ...CLIENT,
        client_id: '0a0b0c0d-0000-4000-8000-000000000001',
        name: body.name,
        scopes: body.scopes,
        created_by: administratorUser.user_name,
        created_by_id: administratorUser.id,
      };
      registered.push(client);
      return success({
        message: FHIR_CLIENT_MESSAGES.registeredPending,
        client_id: client.client_id,
        client,
      });
    }
    if (call.url === API_PATHS.fhirClients.approve(CLIENT.client_id) && method === 'POST') {
      const client = update(CLIENT.client_id, {
        status: 'active',
        approved_by: administratorUser.user_name,
      });
      return success({
        message: FHIR_CLIENT_MESSAGES.approved,
        client_id: client.client_id,
        client,
      });
    }
    if (call.url === API_PATHS.fhirClients.byId(CLIENT.client_id) && method === 'DELETE') {
      update(CLIENT.client_id, { status: 'revoked' });
      return success({ message: FHIR_CLIENT_MESSAGES.revoked });
    }
    return failure(404, 'NOT_FOUND', 'Nope.');
  });
}

async function openScreen() {
  renderApp({ route: '/admin/fhir-clients', session: loginFor(administratorUser) });
  return screen.findByRole('table', { name: 'FHIR clients' });
}

describe('FHIR clients screen', () => {
  it('offers the coach replies write scope, which reaches patient data', async () => {
    serve([CLIENT]);
    const user = userEvent.setup();
    await openScreen();
    const scopes = screen.getByRole('group', { name: /Scopes/ });
    await user.click(
      within(scopes).getByRole('checkbox', {
        name: 'Send coach replies (system/Communication.c)',
      }),
    );
    expect(scopes).toHaveAccessibleDescription(/reach patient data/);
  });

  it('registers a client with the scopes chosen, shows its client id and that it awaits approval', async () => {
    const calls = serve([CLIENT]);
    const user = userEvent.setup();
    const table = await openScreen();
    await within(table).findByText('Registry feed');
    expect(within(table).getByText(CLIENT.client_id)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Analytics');
    await user.click(screen.getByLabelText(/Public key/));
    await user.paste(KEY);
    await user.click(screen.getByRole('button', { name: 'REGISTER CLIENT' }));
    expect(await screen.findByText(FHIR_CLIENT_MESSAGES.scopesRequired)).toBeInTheDocument();

    const scopes = screen.getByRole('group', { name: /Scopes/ });
    await user.click(within(scopes).getByRole('checkbox', { name: 'Practitioner' }));
    expect(scopes).toHaveAccessibleDescription(/active at once/);
    await user.click(within(scopes).getByRole('checkbox', { name: 'Observation' }));
    expect(scopes).toHaveAccessibleDescription(/reach patient data/);
    await user.click(screen.getByRole('button', { name: 'REGISTER CLIENT' }));

    expect(
      await screen.findByText('0a0b0c0d-0000-4000-8000-000000000001', { selector: 'strong' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/gets no token until a second administrator/)).toBeInTheDocument();
    await within(table).findByText('Analytics');
    const posted = calls.calls.filter((c) => (c.init.method ?? 'GET') === 'POST').pop();
    expect(bodyOf(posted)).toEqual({
      name: 'Analytics',
      public_key_jwk: KEY,
      scopes: ['system/Practitioner.rs', 'system/Observation.rs'],
    });
  });

  it('registers a participant app with its redirect URIs and no key, active at once', async () => {
    const calls = serve([CLIENT]);
    const user = userEvent.setup();
    const table = await openScreen();
    await user.type(screen.getByLabelText(/^App name/), 'Recovery app');
    const uris = screen.getByLabelText(/^Redirect URIs/);
    await user.type(uris, 'http://app.example/cb');
    await user.click(screen.getByRole('button', { name: 'REGISTER APP' }));
    expect(await screen.findByText(FHIR_CLIENT_MESSAGES.redirectUriInvalid)).toBeInTheDocument();

    await user.clear(uris);
    await user.type(uris, 'https://app.example/cb{Enter}{Enter}com.example.app:/cb');
    await user.click(screen.getByRole('button', { name: 'REGISTER APP' }));
    expect(
      await screen.findByText('0a0b0c0d-0000-4000-8000-000000000002', { selector: 'strong' }),
    ).toBeInTheDocument();
    expect(
      await within(table).findByText('Participant app: https://app.example/cb com.example.app:/cb'),
    ).toBeInTheDocument();
    const posted = calls.calls.filter((c) => (c.init.method ?? 'GET') === 'POST').pop();
    expect(bodyOf(posted)).toEqual({
      name: 'Recovery app',
      redirect_uris: ['https://app.example/cb', 'com.example.app:/cb'],
    });
  });

  it('shows the server refusal of a key on the field', async () => {
    serve([]);
    const user = userEvent.setup();
    await openScreen();
    await user.type(screen.getByLabelText(/^Name/), 'Analytics');
    await user.click(screen.getByLabelText(/Public key/));
    await user.paste('{"kty":"RSA"}');
    await user.click(screen.getByRole('checkbox', { name: 'Every type (system/*.rs)' }));
    await user.click(screen.getByRole('button', { name: 'REGISTER CLIENT' }));
    expect(await screen.findByText(FHIR_CLIENT_MESSAGES.keyInvalid)).toBeInTheDocument();
  });

  it("lets an administrator approve another administrator's client after confirmation", async () => {
    const calls = serve([CLIENT]);
    const user = userEvent.setup();
    const table = await openScreen();
    const row = (await within(table).findByText('Registry feed')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText(FHIR_CLIENT_STATUS_LABELS.pending)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve client Registry feed' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Do you want to approve Registry feed?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(
      await within(table).findByText(`Active, approved by ${administratorUser.user_name}`),
    ).toBeInTheDocument();
    expect(
      calls.calls.some(
        (c) =>
          c.init.method === 'POST' && c.url === API_PATHS.fhirClients.approve(CLIENT.client_id),
      ),
    ).toBe(true);
  });

  it('offers no approval of my own client', async () => {
    serve([{ ...CLIENT, created_by_id: administratorUser.id }]);
    const table = await openScreen();
    await within(table).findByText(FHIR_CLIENT_STATUS_LABELS.pending);
    expect(within(table).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('says why a clinic with one active administrator cannot activate a client', async () => {
    serve([CLIENT], 1);
    const table = await openScreen();
    expect(await screen.findByText(FHIR_CLIENT_MESSAGES.singleAdministrator)).toBeInTheDocument();
    await within(table).findByText(FHIR_CLIENT_STATUS_LABELS.pending);
    expect(within(table).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('revokes a client after confirmation', async () => {
    const calls = serve([CLIENT]);
    const user = userEvent.setup();
    const table = await openScreen();
    await user.click(
      await within(table).findByRole('button', { name: 'Revoke client Registry feed' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await within(table).findByText(FHIR_CLIENT_STATUS_LABELS.revoked);
    await waitFor(() =>
      expect(
        within(table).queryByRole('button', { name: 'Revoke client Registry feed' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      calls.calls.some(
        (c) => c.init.method === 'DELETE' && c.url === API_PATHS.fhirClients.byId(CLIENT.client_id),
      ),
    ).toBe(true);
  });
});
