// Calendar arithmetic in UTC, so the same day gives the same data in every time zone.
import { DAY_MS } from '#app/core/days';

export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Whole days since 1970-01-01: a stable key for per-day random streams. */
export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

export function daysBetween(from: Date, to: Date): number {
  return dayNumber(to) - dayNumber(from);
}

/** YYYY-MM-DD, the format of date columns and of the API. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A moment on the given day, `minutes` after midnight UTC. */
export function atMinute(day: Date, minutes: number): Date {
  return new Date(startOfUtcDay(day).getTime() + Math.round(minutes) * 60_000);
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

export function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
