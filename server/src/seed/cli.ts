/** `npm run db:seed`: applies migrations and (re)loads reference and demo data, then exits. */
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { seedDatabase } from './index';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const summary = await seedDatabase(database.db, {
    demo: env.DEMO_DATA,
    passwordHashing: { memoryCost: env.PASSWORD_HASH_MEMORY_KIB, timeCost: env.PASSWORD_HASH_TIME_COST },
  });
  console.log('seeded', summary);
} finally {
  await database.close();
}
