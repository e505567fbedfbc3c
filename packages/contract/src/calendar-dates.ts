/**
 * Calendar-date checks without zod, so that a screen which only checks a date (the participant
 * list's filters) does not load the schemas of the module that also uses them (DESIGN §7).
 */

/** YYYY-MM-DD that names a real calendar day (2025-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
