import { describe, expect, it } from 'vitest';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { DEMO_PARTICIPANT_COUNT } from './demo-generator';
import { generateParticipantProfile } from './participant-profile';
import { generateParticipantTimeline } from './participant-timeline';
import { daysSinceSurgery, type TimelineParticipant } from './programme-plan';
import { addDays, dayNumber, startOfUtcDay } from './seed-dates';
import { createSeedFaker, DEMO_SEED } from './seed-random';
import { SURVEY_DEFINITIONS } from '#app/core/surveys/programme-surveys';
import { generateSurgery } from './surgery-generator';
import {
  TIMELINE_VOLUMES,
  type ConversationRow,
  type MeasurementRow,
  type TimelineRows,
} from './timeline-types';

/**
 * ADR 0024 'Canned demo data': the demo's participants speak in their own words, and each one's
 * story agrees across surgery, pain, telemetry, surveys and conversations.
 */

// A fixed day, not the clock: the generators are deterministic per seed and day.
const TODAY = startOfUtcDay(new Date('2026-03-10T12:00:00Z'));
// As the demo seeds them: the full volume, from as far back as its longest window.
const VOLUME = TIMELINE_VOLUMES.full;
const DAYS = VOLUME.telemetryDays;
const surveys = SURVEY_DEFINITIONS.map((definition, i) => ({ id: i + 1, definition }));

interface Story {
  participant: TimelineParticipant;
  timeline: TimelineRows;
  side: string;
}

function participantAt(index: number): TimelineParticipant | null {
  const profile = generateParticipantProfile(createSeedFaker(), index, {
    baseSeed: DEMO_SEED,
    today: TODAY,
    groupIds: new Map(),
  });
  if (!profile.plan) return null;
  const { firstName, lastName, gender, birthDate, heightCm } = profile.user;
  return { id: 1000 + index, firstName, lastName, gender, birthDate, heightCm, plan: profile.plan };
}

const stories: Story[] = Array.from({ length: DEMO_PARTICIPANT_COUNT }, (_, index) =>
  participantAt(index),
).flatMap((participant) => {
  if (!participant) return [];
  const faker = createSeedFaker();
  const timeline = generateParticipantTimeline(faker, participant, {
    from: addDays(TODAY, -DAYS),
    to: TODAY,
    today: TODAY,
    surveys,
    volume: VOLUME,
    surgeryRecords: true,
  });
  const side = generateSurgery(faker, participant, TODAY).side;
  return [{ participant, timeline, side }];
});

const said = (conversation: ConversationRow) =>
  conversation.transcript.filter((m) => m.userId !== COACH_USER_ID).map((m) => m.message);
const textOf = (conversation: ConversationRow) =>
  [
    ...conversation.transcript.map((m) => m.message),
    conversation.summary,
    conversation.patientSummary,
  ].join('\n');

function valueOn(
  measurements: readonly MeasurementRow[],
  key: 'steps' | 'painScore' | 'sleepDuration',
  day: Date,
) {
  const code = MEASUREMENT_TYPES[key].code;
  return measurements.find((m) => m.code === code && dayNumber(m.measuredAt) === dayNumber(day))
    ?.value;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

const FINDINGS = ['chest pain', 'shortness of breath', 'fall', 'fever'] as const;

/** What each participant said when reporting a finding: the first message that names it. */
function accountsOf(finding: (typeof FINDINGS)[number], onlyPinned = false) {
  return stories.flatMap(({ participant, timeline }) =>
    onlyPinned && participant.plan.forcedSafetyFinding !== finding
      ? []
      : timeline.conversations
          .filter((c) => c.markers.some((m) => m.content === finding))
          .map((c) => said(c).find((m) => /chest pain|short of breath|fall|fever/i.test(m)) ?? ''),
  );
}

const distinctShare = (values: readonly string[]) => new Set(values).size / values.length;

describe('demo conversations', () => {
  it('the participants pinned to report chest pain each say it in their own words', () => {
    const pinned = stories.filter((s) => s.participant.plan.forcedSafetyFinding === 'chest pain');
    // A review found nine of them (on another day) saying one sentence word for word.
    expect(pinned.length).toBeGreaterThanOrEqual(5);
    const accounts = pinned.map(
      ({ timeline }) =>
        said(
          timeline.conversations.find((c) => c.markers.some((m) => m.content === 'chest pain'))!,
        ).find((m) => /chest pain/i.test(m)) ?? '',
    );
    expect(new Set(accounts).size).toBe(pinned.length);
  });

  it.each(FINDINGS)('reports of %s are rarely word for word the same', (finding) => {
    const accounts = accountsOf(finding);
    expect(accounts.length).toBeGreaterThan(5);
    expect(distinctShare(accounts)).toBeGreaterThan(0.85);
  });

  it("two conversations rarely say the same on the participant's side", () => {
    const conversations = stories.flatMap(({ timeline }) => timeline.conversations);
    expect(conversations.length).toBeGreaterThan(500);
    const sides = conversations.map((c) => said(c).join('\n'));
    expect(distinctShare(sides)).toBeGreaterThan(0.9);
  });
});

describe("a participant's story agrees with itself", () => {
  const conversations = stories.flatMap((story) =>
    story.timeline.conversations.map((conversation) => ({ ...story, conversation })),
  );

  it('the steps, pain and sleep a conversation quotes are those the participant recorded', () => {
    let checked = 0;
    for (const { timeline, conversation } of conversations) {
      const text = textOf(conversation);
      const yesterday = addDays(startOfUtcDay(conversation.startedAt), -1);
      const steps = /about ([\d,]+) steps yesterday/.exec(text);
      if (steps) {
        const recorded = valueOn(timeline.measurements, 'steps', yesterday);
        expect(recorded, text).toBeDefined();
        expect(Number(steps[1]?.replace(/,/g, ''))).toBe(
          Math.max(100, Math.round((recorded ?? 0) / 100) * 100),
        );
        checked += 1;
      }
      const pain = /(\d+)(?: out of 10|\/10 at yesterday)/.exec(text);
      if (pain && conversation.markers.some((m) => m.content === 'pain after exercises')) {
        const recorded = valueOn(timeline.measurements, 'painScore', yesterday);
        expect(Number(pain[1]), text).toBe(recorded);
        // Advice on pain relief follows a pain worth it.
        expect(Number(pain[1])).toBeGreaterThanOrEqual(3);
        // The pain report the portal shows is the same check-in.
        expect(
          timeline.painLogs.some(
            (log) => log.score === recorded && dayNumber(log.recordedAt) === dayNumber(yesterday),
          ),
        ).toBe(true);
        checked += 1;
      }
      const sleep = /([\d.]+) hours/.exec(text);
      if (sleep && conversation.markers.some((m) => m.content === 'poor sleep')) {
        const recorded = valueOn(timeline.measurements, 'sleepDuration', conversation.startedAt);
        expect(Number(sleep[1]), text).toBe(Math.round((recorded ?? 0) / 30) / 2);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('conversations name the joint and side of the recorded surgery, and only what has happened', () => {
    for (const { participant, side, conversation } of conversations) {
      const text = textOf(conversation);
      const { joint } = participant.plan;
      const named = [...text.matchAll(/\b(left|right) (knee|hip)\b/g)];
      for (const [, namedSide, namedJoint] of named) {
        expect(namedJoint, text).toBe(joint);
        expect(namedSide?.toUpperCase(), text).toBe(side);
      }
      if (joint === 'heart') expect(text).not.toMatch(/\b(knee|hip|crutch|stick)\b/);
      if (joint === 'knee') expect(text).not.toMatch(/\bhip\b/);
      if (daysSinceSurgery(participant.plan, conversation.startedAt) < 0) {
        expect(text).not.toMatch(
          /wound|incision|dressing|crutch|since the operation|cardiac rehab|than before the operation/i,
        );
      }
    }
  });

  it('those who do not improve say so, report more pain and walk less, as their surveys do', () => {
    const past90 = stories.filter(
      ({ participant }) => daysSinceSurgery(participant.plan, TODAY) >= 150,
    );
    const slow = past90.filter(({ participant }) => participant.plan.slowRecovery);
    const usual = past90.filter(({ participant }) => !participant.plan.slowRecovery);
    expect(slow.length).toBeGreaterThan(3);
    expect(usual.length).toBeGreaterThan(30);

    const painCode = MEASUREMENT_TYPES.painScore.code;
    const latePain = ({ participant, timeline }: Story) =>
      timeline.measurements
        .filter((m) => m.code === painCode)
        .filter((m) => {
          const t = daysSinceSurgery(participant.plan, m.measuredAt);
          return t >= 90 && t < 150;
        })
        .map((m) => m.value);
    for (const story of slow) {
      const values = latePain(story);
      if (values.length >= 5) expect(mean(values)).toBeGreaterThan(2.5);
    }
    for (const story of usual) {
      const values = latePain(story);
      if (values.length >= 5) expect(mean(values)).toBeLessThan(2.5);
    }

    for (const { participant, timeline } of stories) {
      const markers = timeline.conversations.flatMap((c) => c.markers.map((m) => m.content));
      if (participant.plan.slowRecovery) {
        expect(markers).not.toContain('walking improving');
      } else {
        expect(markers).not.toContain('walking not improving');
        expect(markers).not.toContain('frustrated with recovery pace');
      }
    }

    // Their questionnaires three months after surgery answer worse than everyone else's.
    const severity = (group: Story[]) =>
      mean(
        group.flatMap(({ timeline }) =>
          timeline.surveyResponses
            .filter((r) => r.timepoint === 'MONTH_3' && r.answers)
            .map((r) => {
              const definition = surveys[r.surveyId - 1]?.definition;
              const answers = r.answers ?? [];
              const top = definition?.questions.map((q) => q.options.length - 1) ?? [];
              return mean(answers.map((a, i) => (a ?? 0) / (top[i] || 1)));
            }),
        ),
      );
    expect(severity(slow)).toBeGreaterThan(severity(usual) + 0.15);
  });
});
