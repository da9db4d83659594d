// The mail outbox.
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "newest first" must not depend on clock resolution. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_seq_idx').on(t.seq),
    index('mail_outbox_to_idx').on(t.to),
    // Issue 16: the housekeeping job removes messages older than OUTBOX_RETENTION_DAYS.
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
