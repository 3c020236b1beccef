import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holdLimitsRequest, holdLimitsResponse } from '#shared/hold-limits';
import {
  holdLimitsOf,
  platformHoldLimits,
  setBrandHoldLimits,
} from '../../../domain/bookings/hold/hold-limits';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';

const tags = ['admin'];

/** The brand's seat hoarding limits (docs/admin.md, "Hold limits"): tighter than the platform's only. */
export const adminHoldLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = platformHoldLimits(app.env);

  app.get(
    '/admin/hold-limits',
    {
      config: { policy: 'readBrand' },
      schema: {
        tags,
        summary: 'How many unpaid bookings and seats an account may hold, in force and the platform’s',
        response: responses(holdLimitsResponse),
      },
    },
    async (request) =>
      ok({ limits: await holdLimitsOf(app.db, requireBrand(request).id, platform), platform }),
  );

  app.put(
    '/admin/hold-limits',
    {
      config: { policy: 'manageBrand' },
      schema: {
        tags,
        summary: 'Tighten the hold limits for this brand (each at most the platform’s)',
        body: holdLimitsRequest,
        response: responses(holdLimitsResponse),
      },
    },
    async (request) => {
      const limits = await setBrandHoldLimits(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        limits: request.body,
        platform,
      });
      return ok({ limits, platform });
    },
  );
};
