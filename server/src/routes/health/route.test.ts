import { expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

it('answers 200 while the database answers, and 503 once it is gone', async () => {
  const t = await createTestApp();
  try {
    const healthy = await t.app.inject({ url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ success: true, data: { status: 'ok', database: t.database.kind } });

    await t.database.close();
    const down = await t.app.inject({ url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().data.code).toBe('SERVICE_UNAVAILABLE');
  } finally {
    await t.app.close();
  }
});
