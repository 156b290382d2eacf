import { runWithDatabase } from '../cli'

/** npm run db:migrate — applies pending migrations (the server also does this at start). */
await runWithDatabase(async (database) => {
  console.log(`Database is up to date (${database.kind}).`)
})
