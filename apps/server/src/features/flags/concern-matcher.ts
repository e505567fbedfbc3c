import {
  COACH_USER_ID,
  type ConversationMarker,
  type TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import type { Concern, FlagSeverity } from '@recovery-portal/contract/flags';

/**
 * Finds concerning findings (chest pain, a fall …) in what a participant said to their coach.
 * Pure: the scanner feeds it conversations, tests feed it sentences.
 *
 * Text is split into sentences, sentences into clauses at commas, colons and brackets, and
 * clauses into lower-case words. A term matches as whole words, each word also in its plural and
 * -ed / -ing forms. A match is dropped when an exclusion covers it ('fall asleep'), or when a
 * negation ('no', 'not', 'denies', 'without', "haven't" …) stands up to NEGATION_WINDOW words
 * before it in the same clause with no 'but', 'and', 'because' … between, when 'free' follows
 * it ('fever free'), or when it is a label answered by a negation ('Chest pain: none').
 */

/** How many words before a term a negation still reaches ('I have not had any chest pain'). */
const NEGATION_WINDOW = 5;
/** matched_text keeps at most this much of a sentence. */
export const MAX_MATCHED_TEXT_LENGTH = 500;

const NEGATIONS = new Set([
  'no',
  'not',
  'never',
  'without',
  'deny',
  'denies',
  'denied',
  'denying',
  'none',
  'nil',
  'nor',
  'neither',
  'negative',
  'cannot',
  // The same contractions written without an apostrophe, as people type them.
  'dont',
  'doesnt',
  'didnt',
  'havent',
  'hasnt',
  'hadnt',
  'isnt',
  'wasnt',
  'arent',
  'werent',
  'cant',
  'couldnt',
  'wont',
  'wouldnt',
  'shouldnt',
]);

/** Words that end a negation's reach: 'no fever but chest pain' still reports chest pain. */
const SCOPE_ENDS = new Set([
  'but',
  'however',
  'although',
  'though',
  'yet',
  'except',
  'because',
  'since',
  'and',
  'while',
  'when',
  'after',
  'until',
  'which',
  'who',
  'still',
]);

/** A word right after a term that negates it ('fever free', 'pain-free'). */
const AFTER_NEGATIONS = new Set(['free']);

function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02BC\u0060\u00B4]/g, "'")
    .toLowerCase();
}

/** Words of a text: letters and digits, keeping contractions ("haven't") whole. */
function words(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}]+(?:'\p{L}+)*/gu) ?? [];
}

function isNegation(word: string): boolean {
  return NEGATIONS.has(word) || word.endsWith("n't");
}

/** `word` and its regular inflections (plural, -ed, -ing), the tokens that count as it. */
function formsOf(word: string): ReadonlySet<string> {
  // Short words ('a', 'my') only match as written: 'as' is no form of 'a'.
  if (word.length < 3) return new Set([word]);
  const stem = word.slice(0, -1);
  const last = word.at(-1) ?? '';
  const forms = [word, `${word}s`, `${word}es`, `${word}ed`, `${word}d`, `${word}ing`];
  if (last === 'e') forms.push(`${stem}ing`);
  if (last === 'y') forms.push(`${stem}ies`, `${stem}ied`);
  if (/[bdgklmnprt]/.test(last)) forms.push(`${word}${last}ed`, `${word}${last}ing`);
  return new Set(forms);
}

/** A phrase as the token forms each of its words accepts. */
type Phrase = readonly ReadonlySet<string>[];

interface CompiledConcern {
  id: string;
  label: string;
  severity: FlagSeverity;
  exclude: readonly Phrase[];
}

interface CompiledTerm {
  concern: CompiledConcern;
  phrase: Phrase;
}

/** The concerns, and their terms indexed by every form of their first word. */
export interface ConcernMatcher {
  concerns: readonly CompiledConcern[];
  termsByFirstWord: ReadonlyMap<string, readonly CompiledTerm[]>;
}

function compilePhrases(phrases: readonly string[]): Phrase[] {
  return phrases
    .map(words)
    .filter((phrase) => phrase.length > 0)
    .map((phrase) => phrase.map(formsOf));
}

/**
 * Splits every term into words and their forms once, and indexes the terms by first word, so a
 * clause is read in one pass however many terms there are.
 */
export function compileConcerns(concerns: readonly Concern[]): ConcernMatcher {
  const termsByFirstWord = new Map<string, CompiledTerm[]>();
  const compiled = concerns.map((source) => {
    const concern: CompiledConcern = {
      id: source.id,
      label: source.label,
      severity: source.severity,
      exclude: compilePhrases(source.exclude),
    };
    for (const phrase of compilePhrases(source.terms)) {
      for (const form of phrase[0] ?? []) {
        const terms = termsByFirstWord.get(form) ?? [];
        terms.push({ concern, phrase });
        termsByFirstWord.set(form, terms);
      }
    }
    return concern;
  });
  return { concerns: compiled, termsByFirstWord };
}

function matchesAt(clause: readonly string[], start: number, phrase: Phrase): boolean {
  return phrase.every((forms, offset) => forms.has(clause[start + offset] ?? ''));
}

function negated(clause: readonly string[], start: number, end: number): boolean {
  if (AFTER_NEGATIONS.has(clause[end] ?? '')) return true;
  for (let i = start - 1; i >= Math.max(0, start - NEGATION_WINDOW); i -= 1) {
    const word = clause[i] ?? '';
    if (SCOPE_ENDS.has(word)) return false;
    if (isNegation(word)) return true;
  }
  return false;
}

/** Whether an exclusion ('fall asleep') overlaps the words start..end of the clause. */
function excluded(clause: readonly string[], start: number, end: number, concern: CompiledConcern) {
  return concern.exclude.some((phrase) => {
    for (let at = Math.max(0, start - phrase.length + 1); at < end; at += 1) {
      if (matchesAt(clause, at, phrase)) return true;
    }
    return false;
  });
}

/** The ids of the concerns a clause affirms: a term matches, not excluded nor negated. */
function affirmedIn(matcher: ConcernMatcher, clause: readonly string[], into: Set<string>) {
  clause.forEach((word, start) => {
    for (const { concern, phrase } of matcher.termsByFirstWord.get(word) ?? []) {
      if (into.has(concern.id) || !matchesAt(clause, start, phrase)) continue;
      const end = start + phrase.length;
      if (!excluded(clause, start, end, concern) && !negated(clause, start, end)) {
        into.add(concern.id);
      }
    }
  });
}

/**
 * The clauses of a comma-free part, split at colons. A label answered with a negation
 * ('Chest pain: none') is dropped whole, since its negation comes after the term.
 */
function clausesOf(part: string): string[][] {
  const [label, ...answers] = part.split(':').map(words);
  const answer = answers.flat();
  if (label && answer.length > 0 && answer.every(isNegation)) return [];
  return [label ?? [], ...answers];
}

/** Sentences of a text as written, split after . ! ? and at line breaks and semicolons. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|[\r\n;]+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

function clip(sentence: string): string {
  return sentence.length > MAX_MATCHED_TEXT_LENGTH
    ? `${sentence.slice(0, MAX_MATCHED_TEXT_LENGTH - 1)}…`
    : sentence;
}

export interface TextMatch {
  concernId: string;
  label: string;
  severity: FlagSeverity;
  /** The sentence that matched, as written (clipped to MAX_MATCHED_TEXT_LENGTH). */
  sentence: string;
}

/** Each concern the text affirms, once, with the first sentence that affirms it. */
export function matchText(matcher: ConcernMatcher, text: string): TextMatch[] {
  const found = new Map<string, TextMatch>();
  for (const sentence of sentences(text)) {
    const affirmed = new Set<string>();
    for (const clause of sentence.split(/[,()\u2013\u2014]+/).flatMap(clausesOf)) {
      affirmedIn(matcher, clause, affirmed);
    }
    for (const concern of matcher.concerns) {
      if (found.has(concern.id) || !affirmed.has(concern.id)) continue;
      found.set(concern.id, {
        concernId: concern.id,
        label: concern.label,
        severity: concern.severity,
        sentence: clip(sentence),
      });
    }
  }
  return [...found.values()];
}

export interface ConversationMatch extends TextMatch {
  /** Index of the transcript message that matched; null when only a marker did. */
  messageIndex: number | null;
}

/**
 * The concerns a conversation raises, one per concern: the participant's first message that
 * affirms it, else the first marker. The coach's own messages are never matched, so a screening
 * question ('any chest pain?') raises nothing.
 */
export function matchConversation(
  matcher: ConcernMatcher,
  conversation: {
    transcript: readonly TranscriptMessage[];
    markers: readonly ConversationMarker[];
  },
): ConversationMatch[] {
  const found = new Map<string, ConversationMatch>();
  conversation.transcript.forEach((message, index) => {
    if (message.userId === COACH_USER_ID || typeof message.message !== 'string') return;
    for (const match of matchText(matcher, message.message)) {
      if (!found.has(match.concernId))
        found.set(match.concernId, { ...match, messageIndex: index });
    }
  });
  for (const marker of conversation.markers) {
    if (typeof marker.content !== 'string') continue;
    for (const match of matchText(matcher, marker.content)) {
      if (!found.has(match.concernId)) found.set(match.concernId, { ...match, messageIndex: null });
    }
  }
  return [...found.values()];
}
