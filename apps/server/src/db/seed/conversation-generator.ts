import type { Faker } from '@faker-js/faker';
import {
  COACH_USER_ID,
  type ConversationMarker,
  type TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import {
  CLOSINGS,
  GREETINGS,
  NEGATIVE_SAFETY_SCREEN,
  SAFETY_SCRIPTS,
  TOPICS,
  type ScriptLine,
} from './conversation-scripts';
import {
  expectedPain,
  phaseOn,
  recoveryFactor,
  type SafetyFinding,
  type TimelineParticipant,
} from './programme-plan';
import { addDays, atMinute, dayNumber, isoDate } from './seed-dates';
import { chance, clamp, round, STREAM, weighted } from './seed-random';
import type { ActivityKind, ConversationRow, MarkerMembershipRow } from './timeline-types';

const DAILY_RATE: Record<TimelineParticipant['plan']['engagement'], number> = {
  high: 0.2,
  medium: 0.1,
  low: 0.04,
  none: 0,
};

/** Clinic follow-ups after surgery (days); the next one after a chat is its 'next visit'. */
const FOLLOW_UP_DAYS = [-7, 14, 42, 91, 182, 365] as const;

export interface GeneratedConversation {
  conversation: ConversationRow;
  kind: Extract<ActivityKind, 'COACH_CHAT' | 'COACH_CALL'>;
  /** A safety finding also puts the participant in a Safety marker for two weeks. */
  membership: MarkerMembershipRow | null;
}

/** The day the pinned safety finding is reported: a few days before today. */
export function forcedFindingDay(participant: TimelineParticipant, today: Date): Date {
  return addDays(today, -(2 + (participant.plan.seed % 4)));
}

function randomFinding(faker: Faker): SafetyFinding | null {
  return weighted<SafetyFinding | null>(faker, [
    ['chest pain', 1.5],
    ['shortness of breath', 2],
    ['fall', 2.5],
    ['fever', 2],
    [null, 92],
  ]);
}

/**
 * The coach conversation of one day, if any: greeting, one or two topics that fit the
 * participant's phase, sometimes a red-flag screen or a safety finding, and a closing.
 */
export function generateConversationDay(
  faker: Faker,
  participant: TimelineParticipant,
  day: Date,
  today: Date,
): GeneratedConversation | null {
  const { plan } = participant;
  faker.seed([plan.seed, dayNumber(day), STREAM.conversations]);
  const forced =
    plan.forcedSafetyFinding && day.getTime() === forcedFindingDay(participant, today).getTime()
      ? plan.forcedSafetyFinding
      : null;
  if (!forced && !chance(faker, DAILY_RATE[plan.engagement])) return null;

  const phase = phaseOn(plan, day);
  const fitting = TOPICS.filter(
    (t) => (!t.phases || t.phases.includes(phase)) && (!t.joints || t.joints.includes(plan.joint)),
  );
  const topics = faker.helpers.arrayElements(fitting, { min: 1, max: 2 });
  const finding = forced ?? randomFinding(faker);
  const safety = finding ? SAFETY_SCRIPTS[finding] : null;
  const screen = !safety && chance(faker, 0.35) ? NEGATIVE_SAFETY_SCREEN : null;

  const steps = Math.round((plan.baseline.steps * recoveryFactor(plan, day)) / 100) * 100;
  const values: Record<string, string> = {
    name: participant.firstName,
    joint: plan.joint === 'heart' ? 'chest wound' : plan.joint,
    steps: steps.toLocaleString('en-US'),
    goal: (Math.round((steps * 1.15) / 500) * 500 || 1000).toLocaleString('en-US'),
    pain: String(clamp(Math.round(expectedPain(plan, day) + 1), 1, 10)),
    sleep: String(round(plan.baseline.sleepMinutes / 60 - 1.2, 1)),
  };
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

  const lines: ScriptLine[] = [
    ...faker.helpers.arrayElement(GREETINGS),
    ...topics.flatMap((t) => t.lines),
    ...(safety?.lines ?? screen?.lines ?? []),
    ...faker.helpers.arrayElement(CLOSINGS),
  ];
  const startedAt = atMinute(day, faker.number.int({ min: 9 * 60, max: 19 * 60 }));
  let clock = startedAt.getTime();
  const transcript: TranscriptMessage[] = lines.map((line) => {
    clock += faker.number.int({ min: 20, max: 180 }) * 1000;
    return {
      userId: line.coach ? COACH_USER_ID : String(participant.id),
      message: fill(line.text),
      sent_at: new Date(clock).toISOString(),
    };
  });
  const endedAt = new Date(clock + 60_000);

  const parts = [...(safety ? [safety] : []), ...topics, ...(screen ? [screen] : [])];
  const markers: ConversationMarker[] = parts.flatMap((p) =>
    p.markers.map((m) => ({ ...m, content: fill(m.content) })),
  );
  const surgeryDay = dayNumber(plan.surgeryDate);
  const nextVisit = FOLLOW_UP_DAYS.map((d) => addDays(plan.surgeryDate, d)).find(
    (visit) => dayNumber(visit) > dayNumber(day) && dayNumber(visit) - surgeryDay <= 365,
  );
  const kind = safety || chance(faker, 0.75) ? 'COACH_CHAT' : 'COACH_CALL';

  return {
    kind,
    conversation: {
      userId: participant.id,
      startedAt,
      endedAt,
      summary: parts.map((p) => fill(p.summary)).join(' '),
      patientSummary: parts.map((p) => fill(p.patientSummary)).join(' '),
      markers,
      transcript,
      nextBestAction: fill((safety ?? topics[0])?.nextBestAction ?? '') || null,
      nextVisitDate: nextVisit && chance(faker, 0.85) ? isoDate(nextVisit) : null,
      createdAt: endedAt,
    },
    membership: safety
      ? {
          userId: participant.id,
          type: 'Safety',
          topic: safety.membershipTopic,
          markerName: `${safety.finding.charAt(0).toUpperCase()}${safety.finding.slice(1)} reported`,
          validFrom: isoDate(day),
          validTo: isoDate(addDays(day, 14)),
        }
      : null,
  };
}
