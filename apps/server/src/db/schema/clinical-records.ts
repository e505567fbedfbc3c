import { date, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CLINICAL_RECORD_CATEGORIES } from '@recovery-portal/contract/clinical-records';
import { users } from './users';

export const clinicalRecordCategoryEnum = pgEnum(
  'clinical_record_category',
  CLINICAL_RECORD_CATEGORIES,
);

/** Lab results, medications, allergies, ED visits, consults and hospitalisations of a participant. */
export const clinicalRecords = pgTable(
  'clinical_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: clinicalRecordCategoryEnum('category').notNull(),
    title: text('title').notNull(),
    detail: text('detail'),
    recordedOn: date('recorded_on'),
  },
  (table) => [index('clinical_records_user_idx').on(table.userId, table.category)],
);
