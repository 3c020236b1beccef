import { buildApp } from './app';
import { BUILD_ID } from './build-id';
import { openDatabase } from './db/client';
import { ConfigError, loadEnv } from './env';
import { seedDatabase } from './seed/index';

async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const seeded = await seedDatabase(database.db, {
    demo: env.DEMO_DATA,
    passwordHashing: { memoryCost: env.PASSWORD_HASH_MEMORY_KIB, timeCost: env.PASSWORD_HASH_TIME_COST },
    referenceDataVersion: BUILD_ID,
  });

  const app = await buildApp({ env, database });
  app.log.info({ database: database.kind, seeded }, 'database ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // This instance works the job queue (jobs/definitions.ts): lapsed holds, pending payments, e-mail.
  await app.jobs.startWorkers(app, env.BOOKING_JOBS_INTERVAL_SECONDS);
  app.log.info(`Tikat is serving ${env.PUBLIC_URL}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
