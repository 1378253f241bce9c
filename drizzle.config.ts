// drizzle-kit configuration: `npx drizzle-kit generate` turns schema changes into a new SQL
// migration under src/server/db/migrations/, which is committed and run by src/server/db/migrate.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
