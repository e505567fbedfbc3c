import type { Faker } from '@faker-js/faker';
import type { NudgeFeedback, NudgeStatus } from '@recovery-portal/contract/nudges';
import { NUDGE_SEND_TIMES, NUDGE_TEMPLATES } from './nudge-catalog';
import { phaseOn, recoveryFactor, type TimelineParticipant } from './programme-plan';
import { addDays, atMinute, dayNumber, isoDate } from './seed-dates';
import { chance, STREAM, weighted } from './seed-random';
import type { NudgeRow } from './timeline-types';

const OPEN_RATE: Record<TimelineParticipant['plan']['engagement'], number> = {
  high: 0.8,
  medium: 0.55,
  low: 0.25,
  none: 0.05,
};

function statusFor(faker: Faker, relation: 'past' | 'today' | 'future'): NudgeStatus {
  if (relation === 'future') {
    return weighted(faker, [
      ['PENDING', 75],
      ['ACTIVE', 15],
      ['CANCELLED', 10],
    ] as const);
  }
  if (relation === 'today') {
    return weighted(faker, [
      ['ACTIVE', 60],
      ['PENDING', 30],
      ['CANCELLED', 10],
    ] as const);
  }
  return weighted(faker, [
    ['COMPLETED', 55],
    ['INACTIVE', 24],
    ['ACTIVE', 11],
    ['CANCELLED', 10],
  ] as const);
}

/**
 * The nudge scheduled for one day, if any (about every other day). Past nudges carry a final
 * status, opens and feedback; today's and future ones are still scheduled.
 */
export function generateNudgeDay(
  faker: Faker,
  participant: TimelineParticipant,
  day: Date,
  today: Date,
): NudgeRow | null {
  const { plan } = participant;
  faker.seed([plan.seed, dayNumber(day), STREAM.nudges]);
  if (!chance(faker, 0.55)) return null;
  const phase = phaseOn(plan, day);
  const fitting = NUDGE_TEMPLATES.filter(
    (t) => (!t.phases || t.phases.includes(phase)) && (!t.joints || t.joints.includes(plan.joint)),
  );
  const template = faker.helpers.arrayElement(fitting);
  const stepsGoal = Math.max(
    1000,
    Math.round((plan.baseline.steps * Math.min(1.1, recoveryFactor(plan, day) + 0.1)) / 500) * 500,
  );
  const fill = (text: string) =>
    text
      .replaceAll('{name}', participant.firstName)
      .replaceAll('{steps}', stepsGoal.toLocaleString('en-US'))
      .replaceAll('{minutes}', String(faker.helpers.arrayElement([10, 15, 20, 25, 30])));

  const relation = day < today ? 'past' : day.getTime() === today.getTime() ? 'today' : 'future';
  const trackingType = statusFor(faker, relation);
  const sendTime = faker.helpers.arrayElement(NUDGE_SEND_TIMES);
  const [hours = 9, minutes = 0] = sendTime.split(':').map(Number);
  const sentMinute = hours * 60 + minutes;

  let openedAt: Date | null = null;
  let feedbackType: NudgeFeedback | null = null;
  // Only past nudges can have been opened; today's send time may still be ahead.
  if (relation === 'past' && trackingType !== 'CANCELLED') {
    const opened =
      trackingType === 'COMPLETED'
        ? chance(faker, 0.9)
        : chance(faker, OPEN_RATE[plan.engagement] * 0.6);
    if (opened) {
      openedAt = atMinute(
        day,
        Math.min(sentMinute + faker.number.int({ min: 2, max: 240 }), 23 * 60 + 59),
      );
      feedbackType = weighted<NudgeFeedback | null>(faker, [
        ['THUMBS_UP', 45],
        ['THUMBS_DOWN', 12],
        [null, 43],
      ]);
    }
  }
  return {
    userId: participant.id,
    title: fill(template.title),
    content: fill(template.content),
    targetDate: isoDate(day),
    sendTime,
    trackingType,
    feedbackType,
    openedAt,
    createdAt: atMinute(addDays(day, -faker.number.int({ min: 1, max: 3 })), 16 * 60),
  };
}
