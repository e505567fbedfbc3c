import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FHIR_CLIENT_MESSAGES, type FhirClient } from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// Lazy route chunks (the page, the menu) load on first use, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const CLIENT: FhirClient = {
  client_id: '6f1c2a52-3c1e-4c55-9f47-4f1a2b3c4d5e',
  name: 'Registry feed',
  key_type: 'EC',
  created_at: '2026-01-05T10:00:00.000Z',
  created_by: 'admin@clinic.test',
};
const KEY = '{"kty":"EC","crv":"P-384","x":"abc","y":"def"}';

function serve(registered: FhirClient[]) {
  setCsrfCookie();
  return mockFetch((call) => {
    const method = call.init.method ?? 'GET';
    if (call.url === API_PATHS.fhirClients.list && method === 'GET') return success(registered);
    if (call.url === API_PATHS.fhirClients.list && method === 'POST') {
      const body = bodyOf(call) as { name: string; public_key_jwk: string };
      if (body.public_key_jwk !== KEY) {
        return failure(400, 'VALIDATION_ERROR', FHIR_CLIENT_MESSAGES.keyInvalid, [
          { field: 'public_key_jwk', message: FHIR_CLIENT_MESSAGES.keyInvalid },
        ]);
      }
      const client = {
        ...CLIENT,
        client_id: '0a0b0c0d-0000-4000-8000-000000000001',
        name: body.name,
      };
      registered.push(client);
      return success({ message: FHIR_CLIENT_MESSAGES.registered, client });
    }
    if (call.url === API_PATHS.fhirClients.byId(CLIENT.client_id) && method === 'DELETE') {
      registered.splice(
        0,
        registered.length,
        ...registered.filter((c) => c.client_id !== CLIENT.client_id),
      );
      return success({ message: FHIR_CLIENT_MESSAGES.revoked });
    }
    return failure(404, 'NOT_FOUND', 'Nope.');
  });
}

describe('FHIR clients screen', () => {
  it('lists the clients, registers one and shows its client id, shows the server refusal of a key', async () => {
    const calls = serve([CLIENT]);
    const user = userEvent.setup();
    renderApp({ route: '/admin/fhir-clients', session: loginFor(administratorUser) });
    const table = await screen.findByRole('table', { name: 'FHIR clients' });
    await within(table).findByText('Registry feed');
    expect(within(table).getByText(CLIENT.client_id)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Analytics');
    await user.click(screen.getByLabelText(/Public key/));
    await user.paste('{"kty":"RSA"}');
    await user.click(screen.getByRole('button', { name: 'REGISTER CLIENT' }));
    expect(await screen.findByText(FHIR_CLIENT_MESSAGES.keyInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Public key/));
    await user.click(screen.getByLabelText(/Public key/));
    await user.paste(KEY);
    await user.click(screen.getByRole('button', { name: 'REGISTER CLIENT' }));
    expect(
      await screen.findByText('0a0b0c0d-0000-4000-8000-000000000001', { selector: 'strong' }),
    ).toBeInTheDocument();
    await within(table).findByText('Analytics');
    const posted = calls.calls.filter((c) => (c.init.method ?? 'GET') === 'POST').pop();
    expect(bodyOf(posted)).toEqual({ name: 'Analytics', public_key_jwk: KEY });
  });

  it('revokes a client after confirmation', async () => {
    const calls = serve([CLIENT]);
    const user = userEvent.setup();
    renderApp({ route: '/admin/fhir-clients', session: loginFor(administratorUser) });
    const table = await screen.findByRole('table', { name: 'FHIR clients' });
    await user.click(
      await within(table).findByRole('button', { name: 'Revoke client Registry feed' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(table).queryByText('Registry feed')).not.toBeInTheDocument());
    expect(
      calls.calls.some(
        (c) => c.init.method === 'DELETE' && c.url === API_PATHS.fhirClients.byId(CLIENT.client_id),
      ),
    ).toBe(true);
  });
});
