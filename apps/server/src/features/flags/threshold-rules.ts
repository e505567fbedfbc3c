import {
  STEPS_MIN_DAYS_PER_WEEK,
  STEPS_POST_OP_GRACE_DAYS,
  STEPS_WEEK_DAYS,
  THRESHOLD_RULE_DEFINITIONS,
  WEIGHT_WINDOW_DAYS,
  type ThresholdRule,
  type ThresholdSetting,
} from '@recovery-portal/contract/thresholds';
import { DAY_MS } from '#app/core/days';
import type { EffectiveThresholds } from '#app/core/threshold-overrides';

/**
 * The threshold rules over a participant's telemetry. Pure: the scanner loads the readings and
 * the effective settings, these functions say which rules fired, when and with what value.
 *
 * A rule fires when it is crossed, not on every reading past the limit: consecutive readings (or
 * days) on the wrong side of the limit form one episode, which raises one finding at its first
 * reading. Its key (rule and the episode's first day) makes raising it again a no-op.
 */

export interface Reading {
  at: Date;
  value: number;
}

/** One participant's readings, each list in time order. */
export interface ParticipantSeries {
  systolic: readonly Reading[];
  pain: readonly Reading[];
  steps: readonly Reading[];
  weight: readonly Reading[];
  /** YYYY-MM-DD of the latest surgery, or null. */
  surgeryDate: string | null;
}

export interface ThresholdFinding {
  rule: ThresholdRule;
  /** When the rule was crossed: the reading that crossed it. */
  detectedAt: Date;
  /** The value that crossed: the reading, the day's pain score, the % drop, the kg change. */
  value: number;
  /** The value against the rule, e.g. 'Systolic BP 172 mmHg above 160'. */
  text: string;
  /** Identifies the episode: the rule and the UTC day it began. */
  key: string;
}

const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US');
const roundKg = (value: number) => Math.round(value * 10) / 10;

/**
 * Starts of the runs of consecutive items that satisfy `holds` (an item that does not, ends the
 * run): the first item of each episode.
 */
function episodeStarts<T>(
  items: readonly T[],
  holds: (item: T, index: number) => boolean,
): number[] {
  const starts: number[] = [];
  let inEpisode = false;
  items.forEach((item, index) => {
    const now = holds(item, index);
    if (now && !inEpisode) starts.push(index);
    inEpisode = now;
  });
  return starts;
}

/** SYSTOLIC_BP_HIGH: a reading above the limit (each episode of high readings once). */
export function systolicFindings(
  readings: readonly Reading[],
  setting: ThresholdSetting,
): ThresholdFinding[] {
  if (!setting.enabled) return [];
  return episodeStarts(readings, (reading) => reading.value > setting.value).flatMap((index) => {
    const reading = readings[index];
    if (!reading) return [];
    return [
      {
        rule: 'SYSTOLIC_BP_HIGH' as const,
        detectedAt: reading.at,
        value: reading.value,
        text: `Systolic BP ${formatNumber(reading.value)} mmHg above ${setting.value}`,
        key: `SYSTOLIC_BP_HIGH:${isoDay(dayOf(reading.at))}`,
      },
    ];
  });
}

/**
 * PAIN_HIGH_RUN: a pain score at or above the limit on `days` consecutive UTC days (a day counts
 * when any of its scores reaches the limit; a day without a score breaks the run). Fires on the
 * first such score of the day the run reaches its length.
 */
export function painRunFindings(
  readings: readonly Reading[],
  setting: ThresholdSetting,
): ThresholdFinding[] {
  if (!setting.enabled) return [];
  const needed = Math.max(1, setting.days ?? 1);
  // The first score at or above the limit of each day, in day order.
  const highDays = new Map<number, Reading>();
  const dayMax = new Map<number, number>();
  for (const reading of readings) {
    const day = dayOf(reading.at);
    dayMax.set(day, Math.max(dayMax.get(day) ?? -Infinity, reading.value));
    if (reading.value >= setting.value && !highDays.has(day)) highDays.set(day, reading);
  }
  const findings: ThresholdFinding[] = [];
  let runStart = Number.NaN;
  let runValues: number[] = [];
  for (const day of [...highDays.keys()].sort((a, b) => a - b)) {
    if (runValues.length > 0 && day === runStart + runValues.length) {
      runValues.push(dayMax.get(day) ?? 0);
    } else {
      runStart = day;
      runValues = [dayMax.get(day) ?? 0];
    }
    const reading = highDays.get(day);
    if (runValues.length === needed && reading) {
      findings.push({
        rule: 'PAIN_HIGH_RUN',
        detectedAt: reading.at,
        value: reading.value,
        text: `Pain score at or above ${setting.value} for ${needed} consecutive ${needed === 1 ? 'day' : 'days'} (${runValues.join(', ')})`,
        key: `PAIN_HIGH_RUN:${isoDay(runStart)}`,
      });
    }
  }
  return findings;
}

/**
 * STEPS_DROP: the average daily steps of the 7 days to a day fell by more than the limit (in
 * percent) against the 7 days before. Each week needs STEPS_MIN_DAYS_PER_WEEK days with data,
 * so a missed sync is no drop; the days right after surgery, where a drop is expected, are not
 * evaluated.
 */
export function stepsDropFindings(
  readings: readonly Reading[],
  setting: ThresholdSetting,
  surgeryDate: string | null,
): ThresholdFinding[] {
  if (!setting.enabled) return [];
  const totals = new Map<number, { steps: number; at: Date }>();
  for (const reading of readings) {
    const day = dayOf(reading.at);
    const total = totals.get(day);
    totals.set(day, {
      steps: (total?.steps ?? 0) + reading.value,
      at: total && total.at > reading.at ? total.at : reading.at,
    });
  }
  const days = [...totals.keys()].sort((a, b) => a - b);
  const surgeryDay = surgeryDate
    ? Math.floor(Date.parse(`${surgeryDate}T00:00:00Z`) / DAY_MS)
    : null;
  const week = (from: number, to: number) => {
    let sum = 0;
    let count = 0;
    for (let day = from; day <= to; day += 1) {
      const total = totals.get(day);
      if (total) {
        sum += total.steps;
        count += 1;
      }
    }
    return { sum, count };
  };
  const drops = days.map((day) => {
    if (surgeryDay !== null && day >= surgeryDay && day < surgeryDay + STEPS_POST_OP_GRACE_DAYS) {
      return null;
    }
    const current = week(day - STEPS_WEEK_DAYS + 1, day);
    const previous = week(day - 2 * STEPS_WEEK_DAYS + 1, day - STEPS_WEEK_DAYS);
    if (current.count < STEPS_MIN_DAYS_PER_WEEK || previous.count < STEPS_MIN_DAYS_PER_WEEK) {
      return null;
    }
    if (previous.sum <= 0) return null;
    // Compared in whole numbers: a drop of exactly the limit is not 'more than' it.
    const fell =
      current.sum * previous.count * 100 < (100 - setting.value) * previous.sum * current.count;
    return fell
      ? { current: current.sum / current.count, previous: previous.sum / previous.count }
      : null;
  });
  return episodeStarts(days, (_day, index) => drops[index] !== null).flatMap((index) => {
    const day = days[index];
    const drop = drops[index];
    const total = day === undefined ? undefined : totals.get(day);
    if (day === undefined || !drop || !total) return [];
    const percent = Math.round(100 * (1 - drop.current / drop.previous));
    return [
      {
        rule: 'STEPS_DROP' as const,
        detectedAt: total.at,
        value: percent,
        text: `Daily steps fell ${percent}% week on week (${formatNumber(drop.current)} from ${formatNumber(drop.previous)} a day), more than ${setting.value}%`,
        key: `STEPS_DROP:${isoDay(day)}`,
      },
    ];
  });
}

/**
 * WEIGHT_CHANGE: a weighing differs by more than the limit (kg, either way) from a weighing of
 * the preceding WEIGHT_WINDOW_DAYS days. Changes are compared at 0.1 kg, the scale's precision.
 */
export function weightChangeFindings(
  readings: readonly Reading[],
  setting: ThresholdSetting,
): ThresholdFinding[] {
  if (!setting.enabled) return [];
  const windowMs = WEIGHT_WINDOW_DAYS * DAY_MS;
  const changes = readings.map((reading, index) => {
    let widest: { change: number; from: number } | null = null;
    for (let j = index - 1; j >= 0; j -= 1) {
      const earlier = readings[j];
      if (!earlier || reading.at.getTime() - earlier.at.getTime() > windowMs) break;
      const change = roundKg(reading.value - earlier.value);
      if (!widest || Math.abs(change) > Math.abs(widest.change)) {
        widest = { change, from: earlier.value };
      }
    }
    return widest && Math.abs(widest.change) > setting.value ? widest : null;
  });
  return episodeStarts(readings, (_reading, index) => changes[index] !== null).flatMap((index) => {
    const reading = readings[index];
    const change = changes[index];
    if (!reading || !change) return [];
    return [
      {
        rule: 'WEIGHT_CHANGE' as const,
        detectedAt: reading.at,
        value: change.change,
        text: `Weight ${roundKg(reading.value)} kg, ${change.change > 0 ? 'up' : 'down'} ${Math.abs(change.change)} kg within ${WEIGHT_WINDOW_DAYS} days (from ${roundKg(change.from)} kg), above ${setting.value} kg`,
        key: `WEIGHT_CHANGE:${isoDay(dayOf(reading.at))}`,
      },
    ];
  });
}

/** Every rule over one participant's readings, with their effective settings. */
export function evaluateThresholds(
  series: ParticipantSeries,
  thresholds: EffectiveThresholds,
): ThresholdFinding[] {
  return [
    ...systolicFindings(series.systolic, thresholds.SYSTOLIC_BP_HIGH),
    ...painRunFindings(series.pain, thresholds.PAIN_HIGH_RUN),
    ...stepsDropFindings(series.steps, thresholds.STEPS_DROP, series.surgeryDate),
    ...weightChangeFindings(series.weight, thresholds.WEIGHT_CHANGE),
  ];
}

/** The flag severity of a rule. */
export function severityOf(rule: ThresholdRule) {
  return THRESHOLD_RULE_DEFINITIONS[rule].severity;
}
