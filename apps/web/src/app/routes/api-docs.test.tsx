import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_DOCS_JSON_PATH } from '@recovery-portal/contract/api-docs';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { administratorUser, clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, jsonResponse, mockFetch, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const DOCS = {
  openapi: '3.0.3',
  info: {
    title: 'Recovery Portal API',
    description: 'Every response is an envelope.',
    version: '1.0.0',
  },
  paths: {
    '/api/participants': {
      get: { tags: ['participants'], summary: 'Lists participants' },
      post: { tags: ['participants'], summary: 'Invites a participant' },
    },
    '/fhir/R4/Group': { get: { tags: ['fhir'], summary: 'Searches a resource type' } },
  },
};

describe('the API docs page', () => {
  it.each([
    ['clinician', clinicianUser],
    ['administrator', administratorUser],
  ])('is in the main menu of a signed-in %s and lists the operations by tag', async (_, user) => {
    const { calls } = mockFetch(({ url }) =>
      url === API_DOCS_JSON_PATH ? jsonResponse(200, DOCS) : success({}),
    );
    renderApp({ route: WEB_ROUTES.apiDocs, session: loginFor(user) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    expect(within(menu).getByRole('link', { name: 'API docs' })).toHaveAttribute(
      'href',
      WEB_ROUTES.apiDocs,
    );
    await screen.findByRole('heading', { name: 'API docs', level: 1 }, { timeout: 10_000 });
    const participants = await screen.findByRole('region', { name: 'participants' });
    expect(within(participants).getByText('Lists participants')).toBeInTheDocument();
    expect(within(participants).getAllByText('/api/participants')).toHaveLength(2);
    expect(within(participants).getByText('POST')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'fhir' })).getByText('/fhir/R4/Group'),
    ).toBeInTheDocument();
    // The document is fetched with the session's token, as every other API call.
    const docsCall = calls.find((call) => call.url === API_DOCS_JSON_PATH);
    expect(docsCall?.headers.authorization).toMatch(/^Bearer /);
  });

  it('says why when the server refuses the document', async () => {
    mockFetch(({ url }) =>
      url === API_DOCS_JSON_PATH ? failure(403, 'FORBIDDEN', 'You may not do that.') : success({}),
    );
    renderApp({ route: WEB_ROUTES.apiDocs, session: loginFor(clinicianUser) });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'You may not do that.',
    );
  });

  it('sends a visitor without a session to sign in', async () => {
    mockFetch(() => success({}));
    renderApp({ route: WEB_ROUTES.apiDocs });
    expect(
      await screen.findByRole('heading', { name: 'Login' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
