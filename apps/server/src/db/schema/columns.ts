import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time every table records. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
