import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recordSupplierEvent,
  SUPPLIER_EVENT_OUTCOMES,
} from '../../domain/bookings/disrupt/record-supplier-event';
import { DUFFEL_SUPPLIER } from '../../domain/suppliers/duffel-supplier';
import { verifyDuffelSignature } from '../../domain/suppliers/verify-duffel-signature';
import { AppError, invalidFields } from '../../errors';
import { ok, responses } from '../../http/envelope';

/** Duffel's event envelope (v2): only what Tikat reads is checked; the rest is kept as sent. */
const duffelEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  data: z.object({ object: z.record(z.string(), z.unknown()) }).passthrough(),
});

const eventReceived = z.object({
  received: z.literal(true),
  /** What was done: `flagged` (bookings marked disrupted), `unknown_order` or `ignored`. */
  outcome: z.enum(SUPPLIER_EVENT_OUTCOMES),
  /** The event id had been received before: nothing was done again. */
  duplicate: z.boolean(),
});

/** Events sent to Tikat by outside suppliers (docs/suppliers.md#schedule-changes). */
export const supplierEventRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the body's bytes as sent: it is read as text, verified, then parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/suppliers/duffel/webhooks',
    {
      config: { policy: 'supplierEvent' },
      schema: {
        tags: ['suppliers'],
        summary: "Duffel's webhook events: airline-initiated schedule changes flag the booking disrupted",
        description:
          'Register this address with Duffel (dashboard → Webhooks) and set its secret as DUFFEL_WEBHOOK_SECRET. ' +
          'X-Duffel-Signature `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` is checked first: ' +
          'missing, malformed or wrong (or no secret configured) → 401 WEBHOOK_SIGNATURE_INVALID. ' +
          '`order.airline_initiated_change_detected` (and `order.updated` carrying a change not yet answered) flags ' +
          'the booking that ordered it disrupted; every other event is acknowledged. Each event id is acted on once: ' +
          'sent again, it answers `duplicate: true`.',
        response: responses(eventReceived),
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const secret = app.env.DUFFEL_WEBHOOK_SECRET;
      const header = request.headers['x-duffel-signature'];
      if (!secret || !verifyDuffelSignature(raw, typeof header === 'string' ? header : undefined, secret))
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError('INVALID_JSON');
      }
      const parsed = duffelEvent.safeParse(json);
      if (!parsed.success)
        throw invalidFields(
          Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message])),
        );
      const result = await recordSupplierEvent(app.db, {
        supplier: DUFFEL_SUPPLIER,
        event: parsed.data,
        jobs: app.jobs,
      });
      request.log.info(
        {
          supplier: DUFFEL_SUPPLIER,
          event: parsed.data.id,
          type: parsed.data.type,
          ...result,
          flagged: result.flagged.length,
        },
        'supplier event',
      );
      return ok({ received: true as const, outcome: result.outcome, duplicate: result.duplicate });
    },
  );
};
