import { defineConfig } from 'drizzle-kit';

/**
 * Tables live per module (`src/modules/<name>/schema.ts`) plus the platform's own in `src/db/schema/`
 * (not its index.ts, which only re-exports). `DRIZZLE_MIGRATIONS_DIR` lets scripts/check-migrations.mjs
 * generate into a temporary copy of the migrations folder.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/!(index|columns).ts', './src/modules/*/schema.ts'],
  out: process.env.DRIZZLE_MIGRATIONS_DIR ?? './migrations',
});
