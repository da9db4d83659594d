// The dev SMS provider's outbox.
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Text messages of the dev SMS provider, shown at /dev/sms (like the mail outbox). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "newest first" must not depend on clock resolution. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    /** The phone number as normalised by services/sms.ts (digits with a leading +). */
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_seq_idx').on(t.seq),
    index('sms_outbox_to_idx').on(t.to),
    // Issue 16: the housekeeping job removes messages older than OUTBOX_RETENTION_DAYS.
    index('sms_outbox_created_idx').on(t.createdAt),
  ],
);
