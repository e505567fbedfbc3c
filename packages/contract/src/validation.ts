import * as z from 'zod/mini';
import { MESSAGES } from './messages';

/** Spec §5: letters, digits and ._%+- before @, a domain, and a TLD of at least 2 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** The sign-in form's shortest password (spec §5); new passwords need more (password-policy.ts). */
export const MIN_PASSWORD_LENGTH = 8;
/** Generous upper bounds so that megabyte strings are refused before they reach the database. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_NAME_LENGTH = 120;

export const emailSchema = z
  .string({ error: MESSAGES.validation.emailRequired })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.validation.emailRequired),
    z.maxLength(MAX_EMAIL_LENGTH, MESSAGES.validation.emailTooLong),
    z.regex(EMAIL_PATTERN, MESSAGES.validation.emailInvalid),
  );

/** A person's name: required and must not start with a digit (spec §5). */
export const personNameSchema = z
  .string({ error: MESSAGES.validation.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.validation.nameRequired),
    z.maxLength(MAX_NAME_LENGTH, MESSAGES.validation.nameTooLong),
    z.regex(/^\D/, MESSAGES.validation.nameStartsWithDigit),
  );

/** A first name edited on its own: required, no digit first (as the invite's name). */
export const firstNameSchema = z
  .string({ error: MESSAGES.validation.firstNameRequired })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.validation.firstNameRequired),
    z.maxLength(MAX_NAME_LENGTH, MESSAGES.validation.nameTooLong),
    z.regex(/^\D/, MESSAGES.validation.firstNameStartsWithDigit),
  );

/** A last name: may be empty (the invite's single name field can hold one word), no digit first. */
export const lastNameSchema = z
  .string({ error: MESSAGES.validation.lastNameInvalid })
  .check(
    z.trim(),
    z.maxLength(MAX_NAME_LENGTH, MESSAGES.validation.nameTooLong),
    z.regex(/^(\D|$)/, MESSAGES.validation.lastNameInvalid),
  );
