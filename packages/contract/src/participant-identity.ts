import * as z from 'zod/mini';

/**
 * How staff tell one participant from another (two identifiers, as hospitals require): the full
 * name, then the date of birth and, when the clinic has given one, its medical record number
 * (MRN). The portal's screens and the recovery report both word it from here.
 */

/** The longest record number accepted; hospital MRNs are far shorter. */
export const MAX_MRN_LENGTH = 20;
/** Letters, digits and the separators MRNs are printed with, starting with a letter or digit. */
export const MRN_PATTERN = /^[A-Z0-9][A-Z0-9./-]*$/;

export const MRN_MESSAGES = {
  invalid: `The record number must be up to ${MAX_MRN_LENGTH} letters, digits, '-', '.' or '/', starting with a letter or digit.`,
  taken: (mrn: string) => `Another participant already has record number ${mrn}.`,
} as const;

/**
 * A record number as typed: trimmed and upper-cased (so 'a-12' and 'A-12' are one number);
 * '' means none.
 */
export const mrnSchema = z
  .pipe(
    z
      .string({ error: MRN_MESSAGES.invalid })
      .check(z.trim(), z.maxLength(MAX_MRN_LENGTH, MRN_MESSAGES.invalid)),
    z.transform((value: string) => value.toUpperCase()),
  )
  .check(
    z.refine((value) => value === '' || MRN_PATTERN.test(value), { error: MRN_MESSAGES.invalid }),
  );

/** The identity fields of an answer that names a participant (coach rows, flags). */
export const participantIdentityFields = {
  first_name: z.string(),
  last_name: z.string(),
  /** YYYY-MM-DD, null when not recorded. */
  birth_date: z.nullable(z.string()),
  /** The clinic's record number; null when it has none. */
  mrn: z.nullable(z.string()),
};

/** What identifies a participant on screen and on paper. */
export interface ParticipantIdentity {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD, null when not recorded. */
  birth_date: string | null;
  mrn: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Jane Doe'; '-' when both parts are empty. */
export function fullName(person: Pick<ParticipantIdentity, 'first_name' | 'last_name'>): string {
  return `${person.first_name} ${person.last_name}`.trim() || '-';
}

/**
 * A birth date (YYYY-MM-DD) as the portal writes days, 'Mar 02, 1961', read as a calendar day so
 * that no time zone moves it; anything else is returned as it is.
 */
export function formatBirthDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[3]}, ${match[1]}` : day;
}

/** The second identifiers, each only when recorded: ['DOB Mar 02, 1961', 'MRN 0012345']. */
export function identifierParts(person: Pick<ParticipantIdentity, 'birth_date' | 'mrn'>): string[] {
  const parts = [
    person.birth_date ? `DOB ${formatBirthDate(person.birth_date)}` : 'DOB not recorded',
    person.mrn ? `MRN ${person.mrn}` : null,
  ];
  return parts.filter((part) => part !== null);
}

/** The second identifiers in one line: 'DOB Mar 02, 1961 · MRN 0012345'. */
export function identifiersText(person: Pick<ParticipantIdentity, 'birth_date' | 'mrn'>): string {
  return identifierParts(person).join(' · ');
}

/** A name and the identifiers in one line, for a sentence: 'Jane Doe (DOB …, MRN …)'. */
export function withIdentifiers(
  name: string,
  identifiers: Pick<ParticipantIdentity, 'birth_date' | 'mrn'>,
): string {
  return `${name} (${identifiersText(identifiers).replace(' · ', ', ')})`;
}

/** Name and identifiers in one line, for a sentence or a dialog: 'Jane Doe (DOB …, MRN …)'. */
export function identityText(person: ParticipantIdentity): string {
  return withIdentifiers(fullName(person), person);
}
