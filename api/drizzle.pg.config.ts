import { defineConfig } from 'drizzle-kit';

// The PostgreSQL migrations, generated from the schema derived from the SQLite one (ADR of issue 49).
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/src/db/schema-pg.ts',
  out: './api/drizzle-pg',
});
