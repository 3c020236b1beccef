/**
 * Writes the OpenAPI document the app serves at /api/docs/json to a file (default
 * `.openapi/openapi.json`), for `npm run lint:openapi` and `npm run check:openapi`. The app is built
 * over an empty in-memory database: the document depends on the routes, not on data.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { loadEnv } from '../server/src/env';

const target = path.resolve(process.argv[2] ?? '.openapi/openapi.json');
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }),
  database,
  logger: false,
});
try {
  await app.ready();
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} finally {
  await app.close();
  await database.close();
}
