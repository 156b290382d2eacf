import { runWithDatabase, UsageError } from '../cli'
import { seedDemo } from './demo-community/seed'

/** npm run db:seed: the demo community, once, in demo mode only (categories are seeded at every start). */
await runWithDatabase(async (database, config) => {
  if (!config.demo) {
    throw new UsageError('The demo community exists only in demo mode: run with NODE_ENV=development.')
  }
  const seeded = await seedDemo({ db: database.db, config })
  console.log(seeded ? 'Demo data inserted.' : 'Demo data was already there.')
})
