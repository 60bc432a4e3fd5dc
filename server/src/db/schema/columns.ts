import { customType, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Binary column: image bytes live in the database so they commit and roll back with their rows on both engines. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The columns of a stored image (a location's, a product's): re-encoded bytes, a WebP thumbnail, its place in the order. */
export const imageColumns = () => ({
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  thumbnail: bytea('thumbnail').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});
