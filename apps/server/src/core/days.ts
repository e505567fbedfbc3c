/** Calendar days (YYYY-MM-DD) in UTC: the unit of every telemetry series and insight window. */
export const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Today in UTC: the as-of day until the simulation feature supplies current_run_date. */
export function todayUtc(now: Date = new Date()): string {
  return utcDay(now);
}

/** The day `days` after `day` (negative for before). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
