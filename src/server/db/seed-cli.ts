import { runWithDatabase } from '../cli'
import { seedDemo } from './seed'

/** npm run db:seed — categories and the demo community, once. */
await runWithDatabase(async (database) => {
  const seeded = await seedDemo(database)
  console.log(seeded ? 'Demo data inserted.' : 'Demo data was already there; categories refreshed.')
})
