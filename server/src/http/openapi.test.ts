import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { operationIdOf } from './openapi-operations';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string }> };
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as unknown as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the OpenAPI document (what client generators read)', () => {
  it('names every operation once', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('POST', '/api/b2b/v2/admin/users/:id/suspend')).toBe('postAdminUsersByIdSuspend');
    expect(operationIdOf('GET', '/api/b2b/v2/admin/reports.csv')).toBe('getAdminReportsCsv');
  });

  it('declares the session cookie and bearer token, and which operations need one', () => {
    expect(Object.keys(document.components.securitySchemes ?? {}).sort()).toEqual([
      'bearerAuth',
      'sessionCookie',
    ]);
    const security = (path: string, method: string) =>
      document.paths[`/api/b2b/v2${path}`]?.[method]?.security;
    expect(security('/admin/users', 'get')).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(security('/bookings', 'post')).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(security('/flights/search', 'post')).toBeUndefined();
    expect(security('/auth/login', 'post')).toBeUndefined();
  });

  it('documents the Idempotency-Key header where it is honoured', () => {
    const parameters = document.paths['/api/b2b/v2/bookings']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
  });
});
