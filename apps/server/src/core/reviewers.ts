import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '#app/db/schema/users';

/** Staff accounts in their role as reviewers (a second reference to users in one query). */
export const reviewers = alias(users, 'reviewers');

/** The reviewer's full name, or their email when no name is stored. */
export const reviewerName = sql<
  string | null
>`coalesce(nullif(trim(${reviewers.firstName} || ' ' || ${reviewers.lastName}), ''), ${reviewers.email})`;
