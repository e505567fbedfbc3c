import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DIGITAL_TWIN_MESSAGES,
  digitalTwinSchema,
  markerListSchema,
  markerSegmentLiveSchema,
} from '@recovery-portal/contract/digital-twin';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { DATE_STRING_MESSAGE } from '@recovery-portal/contract/profile';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import {
  createDigitalTwin,
  createMarkerMembership,
  createParticipant,
  createSegment,
  createStaff,
} from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import { statementsOf } from '#app/test/statements-of';
import { todayUtc } from '#app/core/days';
import { auditedReadsOf } from '#app/test/audit-rows';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const get = (url: string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', url, token);
const live = (userId: number | string, date?: string) =>
  `${API_PATHS.user.markerSegmentLive}?user_id=${userId}${date === undefined ? '' : `&date_string=${date}`}`;
const markersUrl = (userId: number | string, date?: string) =>
  `${API_PATHS.user.markers}?user_id=${userId}${date === undefined ? '' : `&date_string=${date}`}`;

describe('digital twin', () => {
  it('a clinician gets the stored JSON object as it is', async () => {
    const participant = await createParticipant(testApp.db);
    const twin = {
      profile: { first_name: 'Maria', age: 70 },
      goals: ['Walk 30 minutes'],
      risk_scores: { fall: 0.12 },
      nested: { deeper: [1, null, 'x'] },
    };
    await createDigitalTwin(testApp.db, participant.id, twin);
    expect(
      successData(await get(API_PATHS.chat.digitalTwin(participant.id)), digitalTwinSchema),
    ).toEqual(twin);
  });

  it('without a twin it is a 404 sentence; bad, unknown and staff ids and wrong roles are refused', async () => {
    const participant = await createParticipant(testApp.db);
    const envelope = failure(
      await get(API_PATHS.chat.digitalTwin(participant.id)),
      404,
      'NOT_FOUND',
    );
    expect(envelope._error).toBe(DIGITAL_TWIN_MESSAGES.notFound);
    failure(await get(API_PATHS.chat.digitalTwin('abc')), 400, 'VALIDATION_ERROR');
    failure(await get(API_PATHS.chat.digitalTwin(987_654)), 404, 'NOT_FOUND');
    const staff = await createStaff(testApp.db);
    await createDigitalTwin(testApp.db, staff.id, { not: 'a participant' });
    failure(await get(API_PATHS.chat.digitalTwin(staff.id)), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(
      await get(API_PATHS.chat.digitalTwin(participant.id), admin.access_token),
      403,
      'FORBIDDEN',
    );
    failure(await get(API_PATHS.chat.digitalTwin(participant.id), null), 401, 'UNAUTHENTICATED');
  });
});

describe('marker membership and segments of a day', () => {
  it('only memberships whose range covers the day, both ends inclusive, open ends open', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const endsToday = await createMarkerMembership(testApp.db, participant.id, {
      type: 'Clinical',
      topic: 'Pain',
      markerName: 'Pain above 5/10',
      validFrom: '2025-03-01',
      validTo: '2025-03-14',
    });
    const startsToday = await createMarkerMembership(testApp.db, participant.id, {
      type: 'Behavioural',
      topic: 'Sleep',
      markerName: 'Sleeping under 6 hours',
      validFrom: '2025-03-14',
      validTo: null,
    });
    const anonymous = await createMarkerMembership(testApp.db, participant.id, {
      type: null,
      topic: null,
      markerName: 'Survey overdue',
      validFrom: '2025-01-01',
    });
    await createMarkerMembership(testApp.db, participant.id, {
      markerName: 'Ended yesterday',
      validFrom: '2025-02-01',
      validTo: '2025-03-13',
    });
    await createMarkerMembership(testApp.db, participant.id, {
      markerName: 'Starts tomorrow',
      validFrom: '2025-03-15',
    });
    await createMarkerMembership(testApp.db, other.id, { validFrom: '2025-01-01' });
    await createSegment(testApp.db, participant.id, {
      name: 'Post-op weeks 0–6',
      validFrom: '2025-02-10',
      validTo: '2025-03-14',
    });
    await createSegment(testApp.db, participant.id, {
      name: 'High engagement',
      validFrom: '2025-03-01',
    });
    await createSegment(testApp.db, participant.id, {
      name: 'Pre-op',
      validFrom: '2024-12-01',
      validTo: '2025-02-09',
    });

    const data = successData(
      await get(live(participant.id, '2025-03-14')),
      markerSegmentLiveSchema,
    );
    expect(data.date).toBe('2025-03-14');
    expect(data.markers).toEqual([
      {
        id: startsToday.id,
        type: 'Behavioural',
        topic: 'Sleep',
        marker_name: 'Sleeping under 6 hours',
        from: '2025-03-14',
        to: null,
      },
      {
        id: endsToday.id,
        type: 'Clinical',
        topic: 'Pain',
        marker_name: 'Pain above 5/10',
        from: '2025-03-01',
        to: '2025-03-14',
      },
      {
        id: anonymous.id,
        type: null,
        topic: null,
        marker_name: 'Survey overdue',
        from: '2025-01-01',
        to: null,
      },
    ]);
    expect(data.segments.map((segment) => segment.name)).toEqual([
      'High engagement',
      'Post-op weeks 0–6',
    ]);

    const dayAfter = successData(
      await get(markersUrl(participant.id, '2025-03-15')),
      markerListSchema,
    );
    // The pain marker expired on the 14th; the one starting on the 15th is in.
    expect(dayAfter.markers.map((marker) => marker.marker_name)).toEqual([
      'Sleeping under 6 hours',
      'Starts tomorrow',
      'Survey overdue',
    ]);
    const before = successData(
      await get(live(participant.id, '2024-11-30')),
      markerSegmentLiveSchema,
    );
    expect(before).toEqual({ date: '2024-11-30', segments: [], markers: [] });
  });

  it('without date_string the day is today', async () => {
    const participant = await createParticipant(testApp.db);
    await createSegment(testApp.db, participant.id, { name: 'Always', validFrom: '2020-01-01' });
    const data = successData(await get(live(participant.id)), markerSegmentLiveSchema);
    expect(data.date).toBe(todayUtc());
    expect(data.segments.map((segment) => segment.name)).toEqual(['Always']);
    expect(successData(await get(markersUrl(participant.id)), markerListSchema)).toEqual({
      date: todayUtc(),
      markers: [],
    });
  });

  it('malformed dates and ids are 400 sentences; unknown and staff ids 404; wrong roles 403/401', async () => {
    const participant = await createParticipant(testApp.db);
    for (const date of ['2025-02-30', '14-03-2025', 'today', '']) {
      for (const url of [live(participant.id, date), markersUrl(participant.id, date)]) {
        const envelope = failure(await get(url), 400, 'VALIDATION_ERROR');
        expect(envelope._error).toContain(DATE_STRING_MESSAGE);
      }
    }
    failure(await get(`${API_PATHS.user.markers}?date_string=2025-01-01`), 400, 'VALIDATION_ERROR');
    failure(await get(live('1;drop', '2025-01-01')), 400, 'VALIDATION_ERROR');
    failure(await get(live(987_654)), 404, 'NOT_FOUND');
    failure(await get(markersUrl(clinician.user.id)), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await get(live(participant.id), admin.access_token), 403, 'FORBIDDEN');
    failure(await get(markersUrl(participant.id), null), 401, 'UNAUTHENTICATED');
  });
});

describe('marker reads: two round trips', () => {
  const readsOf = (response: { headers: Record<string, unknown> }) =>
    auditedReadsOf(testApp.db, response);

  /** The call, warmed once, then sent again while its statements are counted. */
  async function measured(url: string) {
    let response = await get(url);
    try {
      const sent = await statementsOf(testApp, async () => {
        response = await get(url);
      });
      return { response, sent };
    } finally {
      vi.restoreAllMocks();
    }
  }

  it('segments and markers of a day: the session check, then one statement that reads both and writes the audit row', async () => {
    const participant = await createParticipant(testApp.db);
    const marker = await createMarkerMembership(testApp.db, participant.id, {
      type: null,
      topic: 'Sleep',
      markerName: 'Sleeping under 6 hours',
      validFrom: '2025-03-01',
      validTo: '2025-03-14',
    });
    const later = await createSegment(testApp.db, participant.id, {
      name: 'Post-op weeks 0–6',
      validFrom: '2025-03-14',
    });
    const earlier = await createSegment(testApp.db, participant.id, {
      name: 'High engagement',
      validFrom: '2025-01-01',
      validTo: '2025-03-14',
    });
    const { response, sent } = await measured(live(participant.id, '2025-03-14'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(response, markerSegmentLiveSchema)).toEqual({
      date: '2025-03-14',
      segments: [
        { id: earlier.id, name: 'High engagement', from: '2025-01-01', to: '2025-03-14' },
        { id: later.id, name: 'Post-op weeks 0–6', from: '2025-03-14', to: null },
      ],
      markers: [
        {
          id: marker.id,
          type: null,
          topic: 'Sleep',
          marker_name: 'Sleeping under 6 hours',
          from: '2025-03-01',
          to: '2025-03-14',
        },
      ],
    });
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.segments.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: { date_string: '2025-03-14' },
      },
    ]);
  });

  it('markers of a day (today by default): two round trips, audited; nothing recorded is an empty answer', async () => {
    const participant = await createParticipant(testApp.db);
    const marker = await createMarkerMembership(testApp.db, participant.id, {
      validFrom: '2020-01-01',
    });
    const { response, sent } = await measured(markersUrl(participant.id));
    expect(sent).toHaveLength(2);
    expect(successData(response, markerListSchema)).toEqual({
      date: todayUtc(),
      markers: [
        {
          id: marker.id,
          type: 'Clinical',
          topic: 'Pain',
          marker_name: 'Pain above 5/10',
          from: '2020-01-01',
          to: null,
        },
      ],
    });
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.markers.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: { date_string: todayUtc() },
      },
    ]);
    const empty = await measured(live(participant.id, '2019-12-31'));
    expect(empty.sent).toHaveLength(2);
    expect(successData(empty.response, markerSegmentLiveSchema)).toEqual({
      date: '2019-12-31',
      segments: [],
      markers: [],
    });
    expect((await readsOf(empty.response)).map((row) => row.action)).toEqual([
      'participant.segments.view',
    ]);
  });

  it('an unknown id and a staff id are the same 404 with no read audited', async () => {
    const staff = await createStaff(testApp.db);
    await createMarkerMembership(testApp.db, staff.id, { validFrom: '2020-01-01' });
    await createSegment(testApp.db, staff.id, {
      name: 'Not a participant',
      validFrom: '2020-01-01',
    });
    for (const id of [staff.id, 987_654]) {
      for (const url of [live(id), markersUrl(id)]) {
        const response = await get(url);
        expect(failure(response, 404, 'NOT_FOUND')._error).toBe(PARTICIPANT_ERRORS.notFound(id));
        expect((await readsOf(response)).map((row) => row.action)).toEqual(['access.denied']);
      }
    }
  });
});
