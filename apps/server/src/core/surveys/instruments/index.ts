import { HOOS_JR } from './hoos-jr';
import type { Instrument, MeasureResult } from './instrument';
import { KOOS_JR } from './koos-jr';
import { PROMIS_GLOBAL_HEALTH } from './promis-global-health';
import { PROMIS_PAIN_INTERFERENCE_4A } from './promis-pain-interference-4a';

export type { Instrument, MeasureResult } from './instrument';

/** Every instrument the portal scores, by the title its questionnaire is stored under. */
export const INSTRUMENTS: readonly Instrument[] = [
  KOOS_JR,
  HOOS_JR,
  PROMIS_GLOBAL_HEALTH,
  PROMIS_PAIN_INTERFERENCE_4A,
];

const BY_TITLE = new Map(INSTRUMENTS.map((instrument) => [instrument.title, instrument]));

export function instrumentOf(title: string): Instrument | null {
  return BY_TITLE.get(title) ?? null;
}

/**
 * The published scores of a submitted response, from its stored answers: the answers are the
 * record, the scores are always derived. A questionnaire that is not a published instrument
 * (an earlier in-house form) has none.
 */
export function scoreResponse(title: string, answers: unknown): MeasureResult[] {
  const instrument = instrumentOf(title);
  if (!instrument) return [];
  return instrument.score(Array.isArray(answers) ? (answers as unknown[]).map(toAnswer) : []);
}

function toAnswer(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}
