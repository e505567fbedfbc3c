import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoachConversation } from '@recovery-portal/contract/coach';
import type { MarkerSegmentLive } from '@recovery-portal/contract/digital-twin';
import type { NudgeDetail } from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ProfileConversation, ProfileNudge } from '@recovery-portal/contract/profile';
import { ParticipantConversationsCard } from '#app/features/conversations/components/participant-conversations-card.tsx';
import { DigitalTwinDialog } from '#app/features/digital-twin/components/digital-twin-dialog.tsx';
import { ParticipantFlagsSection } from '#app/features/flags/components/participant-flags-section.tsx';
import { flagFixture } from '#app/features/flags/flag-fixtures.ts';
import { renderFollowUpProbe } from '#app/features/flags/follow-up-probe.tsx';
import { ParticipantNudgesCard } from '#app/features/profile-nudges/components/participant-nudges-card.tsx';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp, renderWithProviders } from '#app/testing/render-app.tsx';

/**
 * Stored XSS in the text the server generates (coach conversations, nudges, digital twins,
 * flags): no API writes it, so the e2e spec (e2e/stored-xss.spec.ts) cannot plant it; these
 * render the real components with payloads in every such field and check that each payload is
 * shown as text and that no element, handler or link came of it.
 */
const SET_FLAG = 'window.__xss=1';
const IMG = `<img src=x onerror=${SET_FLAG}>`;
const SCRIPT = `<script>${SET_FLAG}</script>`;
const SVG = `"><svg onload=${SET_FLAG}>`;
const URL_PAYLOAD = `javascript:${SET_FLAG}`;
/** Regular-expression syntax too: markers become highlight patterns. */
const REGEX = '(a+)+$ [x] <b onmouseover=alert(1)>chest pain</b>';

const DANGEROUS =
  'script, iframe, object, embed, [onerror], [onload], [onclick], [onmouseover], ' +
  '[href^="javascript:" i], [src^="javascript:" i], img[src="x"], svg[onload], b';

/** Lazy routes and queries on a busy machine take more than findBy's default second. */
const SLOW = { timeout: 10_000 };

/** Each text is on the page as text, and nothing of the markup became an element. */
async function expectShownAsText(texts: readonly string[]) {
  await waitFor(() => {
    const page = document.body.textContent ?? '';
    for (const text of texts) expect(page).toContain(text);
  }, SLOW);
  expect([...document.body.querySelectorAll(DANGEROUS)].map((node) => node.outerHTML)).toEqual([]);
  expect((window as Window & { __xss?: unknown }).__xss).toBeUndefined();
}

const transcript = [
  { userId: 'Coach', message: `${SCRIPT} How is your knee?` },
  { userId: '7', message: `${IMG} I had some chest pain ${SVG}` },
];
const markers = [{ content: REGEX }, { content: IMG }];

describe('server-generated text with script and HTML in it', () => {
  it('a coach conversation on the participant page shows summaries, markers and transcript as text', async () => {
    const conversation: ProfileConversation = {
      id: 44,
      chat_start_date: new Date(2026, 10, 21, 14, 40).toISOString(),
      chat_end_date: new Date(2026, 10, 21, 15, 4).toISOString(),
      summary: IMG,
      patient_summary: SVG,
      markers: JSON.stringify(markers),
      chat_threads: JSON.stringify(transcript),
      extract: SCRIPT,
      next_best_action: URL_PAYLOAD,
      next_visit_date: '2026-11-28',
    };
    mockFetch((call) =>
      call.url === API_PATHS.chat.chatList(7)
        ? success([conversation])
        : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
    );
    const { user } = renderWithProviders(
      <ParticipantConversationsCard
        participantId={7}
        participant={{ first_name: SCRIPT, last_name: IMG, birth_date: null, mrn: URL_PAYLOAD }}
      />,
    );
    const table = await screen.findByRole(
      'table',
      { name: `${SCRIPT} conversation with coach` },
      SLOW,
    );
    await expectShownAsText([IMG, SCRIPT]);
    await user.click(within(table).getAllByRole('row')[1] ?? table);
    const dialog = await screen.findByRole('dialog', { name: /Conversation with coach/ });
    await user.click(within(dialog).getByRole('button', { name: 'View full transcript' }));
    await expectShownAsText([
      IMG,
      SVG,
      URL_PAYLOAD,
      REGEX,
      ...transcript.map((message) => message.message),
    ]);
  });

  it('the coach list and its conversation dialog show participant names, summaries and transcript as text', async () => {
    const conversation: CoachConversation = {
      id: 31,
      date: '2025-03-04',
      time: '14:20',
      ended_at: '2025-03-04T14:20:00.000Z',
      summary: IMG,
      patient_summary: SVG,
      participant_id: 7,
      first_name: SCRIPT,
      last_name: IMG,
      birth_date: null,
      mrn: SVG,
      extract: REGEX,
      markers,
      transcript,
      next_best_action: URL_PAYLOAD,
      next_visit_date: '2025-03-10',
    };
    setCsrfCookie();
    mockFetch((call) =>
      call.url === API_PATHS.chat.list
        ? success({ chat_list: [conversation], total_number_of_records: 1 })
        : failure(404, 'NOT_FOUND', 'Nope.'),
    );
    const { user } = renderApp({ route: '/coach', session: loginFor(clinicianUser) });
    const table = await screen.findByRole('table', { name: 'Coach conversations' }, SLOW);
    const name = await within(table).findByText(`${SCRIPT} ${IMG}`);
    await expectShownAsText([SCRIPT, IMG, SVG]);
    await user.click(name);
    const dialog = await screen.findByRole('dialog', { name: /Conversation with/ });
    await user.click(within(dialog).getByRole('button', { name: 'View full transcript' }));
    await expectShownAsText([
      IMG,
      SVG,
      URL_PAYLOAD,
      REGEX,
      ...transcript.map((message) => message.message),
    ]);
  });

  it('nudge titles and messages show as text on the Nudges list and the nudge page', async () => {
    const nudge: NudgeDetail = {
      id: 55,
      title: IMG,
      content: `${SCRIPT} ${URL_PAYLOAD}`,
      target_date: '2025-04-02',
      participant_id: 9,
      participant_name: SVG,
      send_time: '11:15',
      tracking_type: 'COMPLETED',
      feedback_type: 'THUMBS_DOWN',
      opened_at: null,
    };
    setCsrfCookie();
    mockFetch((call) => {
      if (call.url === API_PATHS.nudge.list) {
        return success({ nudges: [nudge], total_number_of_records: 1 });
      }
      if (call.url === API_PATHS.nudge.byId(55)) return success(nudge);
      return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
    });
    const list = renderApp({ route: '/nudges', session: loginFor(clinicianUser) });
    await within(await screen.findByRole('table', { name: 'Nudges' }, SLOW)).findByText(IMG);
    await expectShownAsText([IMG, SCRIPT, SVG]);
    list.unmount();

    renderApp({ route: '/nudge-details/55', session: loginFor(clinicianUser) });
    await screen.findByRole('heading', { level: 2, name: IMG }, SLOW);
    await expectShownAsText([IMG, `${SCRIPT} ${URL_PAYLOAD}`, SVG]);
    // The participant link is built from the id, never from stored text.
    expect(screen.getByRole('link', { name: SVG })).toHaveAttribute(
      'href',
      '/participant-details/9',
    );
  });

  it("a participant's nudges card and its dialog show titles and messages as text", async () => {
    const nudge: ProfileNudge = {
      id: 501,
      title: SVG,
      content: `${IMG} ${SCRIPT}`,
      target_date: '2025-03-01',
      send_time: '09:00',
      tracking_type: 'COMPLETED',
      feedback_type: null,
      feedback_type_string: '',
      opened_at: null,
    };
    mockFetch((call) =>
      call.url.startsWith(API_PATHS.nudge.userNudges)
        ? success([nudge])
        : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
    );
    const { user } = renderWithProviders(
      <ParticipantNudgesCard participantId={7} firstName={IMG} />,
    );
    const table = await screen.findByRole(
      'table',
      { name: `${IMG} is receiving the following nudges` },
      SLOW,
    );
    await expectShownAsText([SVG]);
    await user.click(within(table).getByText(SVG));
    await screen.findByRole('dialog');
    await expectShownAsText([SVG, `${IMG} ${SCRIPT}`]);
  });

  describe('digital twin', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2025, 2, 10, 12, 0, 0));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('the twin JSON, its markers and segments show as text', async () => {
      const twin = { [IMG]: SCRIPT, notes: [SVG, URL_PAYLOAD], nested: { html: REGEX } };
      const live: MarkerSegmentLive = {
        date: '2025-03-10',
        segments: [{ id: 1, name: SVG, from: '2025-03-01', to: null }],
        markers: [
          { id: 10, type: IMG, topic: SCRIPT, marker_name: REGEX, from: '2025-03-02', to: null },
        ],
      };
      mockFetch((call) => {
        const url = new URL(call.url, 'http://portal.test');
        if (url.pathname === API_PATHS.chat.digitalTwin(7)) return success(twin);
        if (url.pathname === API_PATHS.user.markerSegmentLive) return success(live);
        return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
      });
      const { user } = renderWithProviders(
        <DigitalTwinDialog participantId={7} open onClose={() => undefined} />,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Digital Twin' });
      const json = await within(dialog).findByLabelText('Digital twin JSON');
      expect(json.textContent).toBe(JSON.stringify(twin, null, 2));
      await expectShownAsText([IMG, SCRIPT]);

      await user.click(within(dialog).getByRole('tab', { name: 'Marker Membership' }));
      await within(dialog).findByRole('table', { name: 'Marker Membership' });
      await expectShownAsText([IMG, SCRIPT, REGEX]);
      await user.click(within(dialog).getByRole('tab', { name: 'Segments' }));
      await within(dialog).findByText(SVG);
      await expectShownAsText([SVG]);
    });
  });

  it("a flag's matched sentence and acknowledgement note show as text", async () => {
    const flag = flagFixture({
      matched_text: `${IMG} chest pain ${SCRIPT}`,
      status: 'ACKNOWLEDGED',
      acknowledged_by: SVG,
      acknowledged_at: new Date(2026, 2, 12, 9, 30).toISOString(),
      acknowledgement_note: `${URL_PAYLOAD} ${IMG}`,
    });
    mockFetch((call) =>
      call.url.startsWith(API_PATHS.flags.participant)
        ? success([flag])
        : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
    );
    renderWithProviders(
      <ParticipantFlagsSection
        participantId={7}
        participantName="Jane Doe"
        renderFollowUp={renderFollowUpProbe}
      />,
    );
    await screen.findByRole('table', { name: 'Participant flags' }, SLOW);
    await expectShownAsText([flag.matched_text, `${URL_PAYLOAD} ${IMG}`, SVG]);
  });
});
