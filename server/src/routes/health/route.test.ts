import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

it('/livez and /healthz answer JSON while the process is up, whatever the database does', async () => {
  const t = await createTestApp();
  try {
    for (const url of ['/livez', '/healthz']) {
      const live = await t.app.inject({ url });
      expect(live.statusCode).toBe(200);
      expect(live.headers['content-type']).toContain('application/json');
      expect(live.json()).toMatchObject({ success: true, data: { status: 'ok', database: t.database.kind } });
    }
    await t.database.close();
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
  } finally {
    await t.app.close();
  }
});

it('/readyz is 200 with every check named, and 503 naming the database when it is gone', async () => {
  const t = await createTestApp();
  try {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        redis: process.env.REDIS_URL ? 'ok' : 'not configured',
      },
    });

    await t.database.close();
    const down = await t.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().data).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      error: 'The database is not answering.',
      checks: { database: 'down', migrations: 'unknown' },
    });
  } finally {
    await t.app.close();
  }
});

it('/readyz is 503 while a migration the code ships is not applied', async () => {
  const t = await createTestApp();
  try {
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const pending = await t.app.inject({ url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json().data).toMatchObject({
      error: 'The database is not fully migrated.',
      checks: { database: 'ok', migrations: 'pending' },
    });
  } finally {
    await t.app.close();
  }
});

it('/readyz is 503 naming Redis while a configured Redis is away; /livez stays 200', async () => {
  const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  try {
    const down = await t.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toContain('application/json');
    expect(down.json()).toMatchObject({
      success: false,
      data: {
        code: 'SERVICE_UNAVAILABLE',
        error: 'Redis is not answering.',
        checks: { database: 'ok', migrations: 'ok', redis: 'down' },
      },
    });
    const live = await t.app.inject({ url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  } finally {
    await t.app.close();
  }
});
