import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '#shared/constants';
import type { PolicyName } from '../policies/policy';

/** Policies a caller needs no session for (the rest take the session cookie or a bearer token). */
const OPEN_POLICIES: ReadonlySet<PolicyName> = new Set([
  'public',
  'partnerApp',
  'gatewayReturn',
  'supplierEvent',
]);

type Security = NonNullable<FastifySchema['security']>;
const SESSION: Security = [{ sessionCookie: [] }, { bearerAuth: [] }];
/** `public` routes answer anyone, and a signed-in caller may get more (an agent's fares). */
const OPTIONAL_SESSION: Security = [{}, ...SESSION];
/** Partner apps prove themselves in the body; gateway returns and health checks need nothing. */
const NO_SESSION: Security = [];

function securityOf(policy: PolicyName | undefined): Security {
  if (policy === 'public') return OPTIONAL_SESSION;
  return policy && !OPEN_POLICIES.has(policy) ? SESSION : NO_SESSION;
}

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tikat_session',
    description: 'The browser session (`__Host-tikat_session` over HTTPS), set by POST /auth/login.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An access token from POST /auth/login with `session: "bearer"`, or an API key (`tka_…`, from ' +
      'POST /api-keys) acting as its owner within its scopes: `search` (flight searches), `book` ' +
      "(holds, cancellations), `pay` (a booking's payment), `read` (every read). A key never does " +
      'account, key, webhook or console changes (403 API_KEY_SCOPE); an unknown or revoked key: 401 INVALID_API_KEY.',
  },
} as const;

/**
 * `POST /api/b2b/v2/admin/users/:id/suspend` → `postAdminUsersByIdSuspend`: unique for each method
 * and path, and stable, so generated clients keep their method names.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(API_BASE_PATH, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

/**
 * Gives every route registered after this call an `operationId` and the security its policy asks
 * for (none for health checks), so a client generator gets named methods and knows which calls
 * need a session. Routes that say otherwise keep what they say.
 */
export function describeOperations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const method = [route.method].flat()[0] ?? 'get';
    const policy = (route.config as { policy?: PolicyName } | undefined)?.policy;
    route.schema = {
      ...route.schema,
      operationId:
        (route.schema as { operationId?: string } | undefined)?.operationId ??
        operationIdOf(method, route.url),
      security: route.schema.security ?? securityOf(policy),
    };
  });
}

type JsonSchema = {
  type?: string;
  properties?: object;
  additionalProperties?: unknown;
  description?: string;
};

/**
 * The zod → JSON Schema transform of each route, except that a query of any fields (a record,
 * as gateway returns take) becomes one free-form `style: form` parameter, where @fastify/swagger
 * would list the schema's own keywords (`type`, `additionalProperties`) as parameters.
 */
export const transformRoute: typeof jsonSchemaTransform = (route) => {
  const transformed = jsonSchemaTransform(route);
  const query = (transformed.schema as { querystring?: JsonSchema } | undefined)?.querystring;
  if (query && !query.properties && query.additionalProperties) {
    (transformed.schema as { querystring?: unknown }).querystring = {
      type: 'object',
      style: 'form',
      explode: true,
      properties: {
        fields: { description: 'Any query fields, each a string, passed on as they come.', ...query },
      },
    };
  }
  return transformed;
};

interface ResponseObject {
  description: string;
  content?: Record<string, { schema: object }>;
  headers?: Record<string, { description: string; schema: object }>;
}
interface OperationObject {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  responses?: Record<string, ResponseObject>;
}
interface OpenApiObject {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown> };
}

const ERROR_ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };
const ERROR_RESPONSES = {
  '4XX':
    'Refused: `data.code` says why (the error table), `data.error` for a person, `data.fields` for invalid input.',
  '5XX': 'Not answered: `INTERNAL`, or `SERVICE_UNAVAILABLE` with `Retry-After` while a dependency is away.',
} as const;

const redirectToConfirmation: ResponseObject = {
  description: "To the booking's confirmation page, with `payment=success`, `pending` or `failed`.",
  headers: { Location: { description: 'The confirmation page.', schema: { type: 'string' } } },
};
const file = (type: string, description: string): ResponseObject => ({
  description,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});

const depositSlip: ResponseObject = {
  description: 'The deposit slip as it was attached: a PNG, JPEG or WebP image or a PDF.',
  content: Object.fromEntries(
    ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'].map((type) => [
      type,
      { schema: { type: 'string', format: 'binary' } },
    ]),
  ),
};

/** What routes that answer other than JSON send on success (their zod schemas cannot say it). */
const NON_JSON_ANSWERS: Record<string, Record<string, ResponseObject>> = {
  getAdminReportsCsv: { 200: file('text/csv', 'The report as CSV.') },
  getAdminUsersByIdWalletEntriesCsv: { 200: file('text/csv', 'The wallet statement as CSV.') },
  getBookingsByPnrTicketPdf: { 200: file('application/pdf', 'The e-ticket as PDF.') },
  getWalletDepositRequestsByIdSlip: { 200: depositSlip },
  getAdminDepositRequestsByIdSlip: { 200: depositSlip },
  getPaymentsByGatewayReturnByReferenceByOutcome: { 303: redirectToConfirmation },
  getPaymentsByGatewayReturnByOutcome: { 303: redirectToConfirmation },
};

/** Routes that answer JSON with `?format=json` and a file otherwise: the file beside the JSON. */
const FILES_BESIDE_JSON: Record<string, Record<string, string>> = {
  getBookingsByPnrInvoice: { 'application/pdf': 'The tax invoice as PDF (default).' },
  getBookingsByPnrCreditNotesByNumber: { 'application/pdf': 'The credit note as PDF (default).' },
  getAdminReportsSalesRegister: {
    'text/csv': 'The register as CSV (default).',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      'The register as XLSX (`format=xlsx`).',
  },
};
/** Routes whose 200 is JSON by default and a file with `format=csv` or `format=xlsx`. */
const STATEMENT_FILES: ResponseObject['content'] = {
  'text/csv': { schema: { type: 'string', format: 'binary' } },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    schema: { type: 'string', format: 'binary' },
  },
};
const ALSO_FILES = new Set([
  'getWalletStatement',
  'getAdminUsersByIdWalletStatement',
  'getAdminWalletsStatement',
]);

/**
 * Headers a route's handler insists on, whose zod schema leaves them optional so that their absence
 * is answered by the handler's own message (`VALIDATION_FAILED` naming the header).
 */
const REQUIRED_HEADERS: Record<string, string[]> = { postBookings: ['idempotency-key'] };

/**
 * The finished document: every operation's 4XX and 5XX answers are the error envelope, named
 * once in `components.schemas.ErrorEnvelope`; routes that answer files or redirects say so, and
 * headers a handler requires are marked required.
 */
export const finishDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject as OpenApiObject;
  let envelope: unknown;
  for (const operation of Object.values(document.paths ?? {}).flatMap((methods) => Object.values(methods))) {
    const responses = operation.responses ?? {};
    for (const parameter of operation.parameters ?? [])
      if (
        parameter.in === 'header' &&
        REQUIRED_HEADERS[operation.operationId ?? '']?.includes(parameter.name)
      )
        parameter.required = true;
    const special = NON_JSON_ANSWERS[operation.operationId ?? ''];
    if (special) {
      delete responses['200'];
      Object.assign(responses, special);
    }
    const files = FILES_BESIDE_JSON[operation.operationId ?? ''];
    const ok = responses['200'];
    if (files && ok) {
      for (const type of Object.keys(files))
        ok.content = { ...ok.content, [type]: { schema: { type: 'string', format: 'binary' } } };
      ok.description = `${ok.description} ${Object.values(files).join(' ')} JSON with \`format=json\`.`;
    }
    if (ALSO_FILES.has(operation.operationId ?? '') && ok) ok.content = { ...ok.content, ...STATEMENT_FILES };
    for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
      const json = responses[status]?.content?.['application/json'];
      envelope ??= json?.schema;
      responses[status] = { description, content: { 'application/json': { schema: ERROR_ENVELOPE_REF } } };
    }
    operation.responses = responses;
  }
  if (envelope)
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, ErrorEnvelope: envelope },
    };
  return documentObject.openapiObject;
};
