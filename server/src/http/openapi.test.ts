import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { operationIdOf } from './openapi-operations';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { type?: string }; style?: string }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes?: Record<string, { type: string }>;
    schemas?: Record<string, { properties?: Record<string, unknown> }>;
  };
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

  it('declares the session cookie and bearer token, and on every operation whether it needs one', () => {
    expect(Object.keys(document.components.securitySchemes ?? {}).sort()).toEqual([
      'bearerAuth',
      'sessionCookie',
    ]);
    const security = (path: string, method: string) =>
      document.paths[`/api/b2b/v2${path}`]?.[method]?.security;
    const session = [{ sessionCookie: [] }, { bearerAuth: [] }];
    expect(security('/admin/users', 'get')).toEqual(session);
    expect(security('/bookings', 'post')).toEqual(session);
    // Public: anyone, and a signed-in agent gets the agent's fares.
    expect(security('/flights/search', 'post')).toEqual([{}, ...session]);
    expect(security('/auth/login', 'post')).toEqual([{}, ...session]);
    // Partner apps send their credentials in the body; gateway returns and health checks need nothing.
    expect(security('/clients/customer-token', 'post')).toEqual([]);
    expect(security('/payments/{gateway}/return/{outcome}', 'get')).toEqual([]);
    expect(document.paths['/readyz']?.get?.security).toEqual([]);
    expect(operations().filter(({ operation }) => !Array.isArray(operation.security))).toEqual([]);
  });

  it('documents every error answer as the envelope, named once', () => {
    expect(Object.keys(document.components.schemas?.ErrorEnvelope?.properties ?? {})).toEqual([
      'success',
      'data',
    ]);
    for (const { path, method, operation } of operations())
      for (const status of ['4XX', '5XX'])
        expect(
          operation.responses[status]?.content?.['application/json']?.schema,
          `${method} ${path} ${status}`,
        ).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    const payment = document.paths['/api/b2b/v2/payments/{gateway}/return/{outcome}']?.get;
    expect(Object.keys(payment?.responses ?? {}).sort()).toEqual(['303', '4XX', '5XX']);
    const csv = document.paths['/api/b2b/v2/admin/reports.csv']?.get;
    expect(Object.keys(csv?.responses['200']?.content ?? {})).toEqual(['text/csv']);
  });

  it('renders query schemas as named parameters, and a query of any fields as one form object', () => {
    const names = (path: string) =>
      (document.paths[`/api/b2b/v2${path}`]?.get?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
    expect(names('/admin/reports')).toEqual(['from', 'to', 'groupBy']);
    expect(names('/airports')).toEqual(['q', 'limit']);
    const query = document.paths['/api/b2b/v2/payments/{gateway}/return/{outcome}']?.get?.parameters?.filter(
      (parameter) => parameter.in === 'query',
    );
    expect(query).toEqual([
      expect.objectContaining({
        name: 'fields',
        style: 'form',
        schema: expect.objectContaining({ type: 'object' }),
      }),
    ]);
    // No JSON Schema keyword ever shows up as a parameter name.
    const keywords = new Set([
      'type',
      'properties',
      'additionalProperties',
      'anyOf',
      'oneOf',
      'allOf',
      'required',
    ]);
    for (const { operation } of operations())
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query')
          expect(keywords.has(parameter.name) && !parameter.schema?.type).toBe(false);
  });

  it('documents the Idempotency-Key header where it is honoured', () => {
    const parameters = document.paths['/api/b2b/v2/bookings']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
  });
});
