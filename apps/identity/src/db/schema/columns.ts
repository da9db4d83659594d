import { timestamp } from 'drizzle-orm/pg-core';

/** The creation and last-change times most tables carry. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
