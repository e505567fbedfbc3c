import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { MIN_NEW_PASSWORD_LENGTH, PASSWORD_POLICY_MESSAGES } from './password-policy-messages';
import { MAX_PASSWORD_LENGTH } from './validation';

/**
 * zxcvbn's score runs 0–4; 3 means "safely unguessable: moderate protection from an offline
 * slow-hash scenario" (about 10^8 guesses and more), per zxcvbn's documentation.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Why zxcvbn found a password guessable, keyed by its warning, in the portal's words. */
const WEAKNESS_REASONS: Record<string, string> = {
  straightRow: 'it is a row of keys on the keyboard',
  keyPattern: 'it is a short pattern of keys on the keyboard',
  simpleRepeat: 'it repeats a character',
  extendedRepeat: 'it repeats a group of characters',
  sequences: 'it contains a sequence such as abc or 1234',
  recentYears: 'it contains a recent year',
  dates: 'it contains a date',
  topTen: 'it is one of the ten most common passwords',
  topHundred: 'it is one of the hundred most common passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is close to a commonly used password',
  wordByItself: 'it is a single word',
  namesByThemselves: 'it is a name',
  commonNames: 'it contains a common name',
  userInputs: 'it contains the name of the portal or a part of the account’s email',
};

/** Words every guesser of this portal's passwords would try first. */
const PORTAL_WORDS = ['recovery', 'portal', 'clinician', 'clinic', 'participant'];

let estimator: ZxcvbnFactory | undefined;

/**
 * The sentence saying why a password is too easy to guess, or null when it is strong enough:
 * zxcvbn (with its common-password, name and word lists) must give it a score of at least 3.
 * `userInputs` are words of the account (its email) that make a password guessable too.
 */
export function passwordWeakness(password: string, userInputs: readonly string[] = []) {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const result = estimator.check(password, [...PORTAL_WORDS, ...userInputs]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning;
  return PASSWORD_POLICY_MESSAGES.weak((warning && WEAKNESS_REASONS[warning]) ?? null);
}

/**
 * The words of an account's email a guesser tries first: the email itself, its local part, that
 * part's pieces and the domain's names ("jane.doe@stmarys.org" gives jane.doe@stmarys.org, jane.doe,
 * jane, doe, stmarys).
 */
export function emailWords(email: string): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const domainNames = domain.split('.').slice(0, -1);
  const words = [email.toLowerCase(), local, ...local.split(/[^a-z0-9]+/), ...domainNames];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/**
 * Adds the account-aware check to a schema holding an email and the password being set: a
 * password built from the account's own email is refused at the password field.
 */
export function refusePasswordFromEmail<T extends Record<string, unknown>>(
  emailKey: keyof T & string,
  passwordKey: keyof T & string,
) {
  return (value: T, context: z.core.$RefinementCtx) => {
    const [email, password] = [value[emailKey], value[passwordKey]];
    if (typeof email !== 'string' || typeof password !== 'string') return;
    // The field's own checks ran and said their word already; one message per field.
    if (!newPasswordSchema.safeParse(password).success) return;
    const weakness = passwordWeakness(password, emailWords(email));
    if (weakness) context.addIssue({ code: 'custom', message: weakness, path: [passwordKey] });
  };
}

/** A password being set (activation, reset, the user:create CLI): long and hard to guess. */
export const newPasswordSchema = z.string({ error: MESSAGES.validation.passwordRequired }).check(
  z.minLength(1, MESSAGES.validation.passwordRequired),
  z.minLength(MIN_NEW_PASSWORD_LENGTH, PASSWORD_POLICY_MESSAGES.tooShort),
  z.maxLength(MAX_PASSWORD_LENGTH, MESSAGES.validation.passwordTooLong),
  z.superRefine((password, context) => {
    const weakness = passwordWeakness(password);
    if (weakness) context.addIssue({ code: 'custom', message: weakness });
  }),
);
