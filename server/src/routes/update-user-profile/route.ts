import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMISSION_RANGE_MESSAGE, commissionPercentInput, userDetails } from '#shared/accounts';
import { updateUserCommission } from '../../domain/accounts/update-user-commission';
import { invalidFields } from '../../errors';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentUser } from '../../presenters/user';

/** The seed's body (§7): `commission_percent` and the stored `user-token`. */
const updateUserProfileRequest = z.object({
  commission_percent: z
    .unknown()
    .optional()
    .describe(
      'Percent from 0 to 20, a number or numeric string; checked by the handler with the seed message',
    ),
  'user-token': z
    .string()
    .max(200)
    .optional()
    .describe('Sent by the seed client; not a credential (the session decides who the user is)'),
});

export const updateUserProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/update-user-profile',
    {
      config: { policy: 'setCommission' },
      schema: {
        tags: ['accounts'],
        summary: "Set the signed-in user's commission (any type but individual); answers the whole user",
        body: updateUserProfileRequest,
        response: responses(userDetails),
      },
    },
    async (request) => {
      const parsed = commissionPercentInput.safeParse(request.body.commission_percent);
      if (!parsed.success) {
        throw invalidFields({ commission_percent: COMMISSION_RANGE_MESSAGE });
      }
      const user = await updateUserCommission(app.db, {
        userId: requireUser(request).id,
        commissionPercent: parsed.data,
      });
      return ok(presentUser(user, requireBrand(request)));
    },
  );
};
