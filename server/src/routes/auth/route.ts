import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestClaimRequest,
  guestRequest,
  loginRequest,
  passwordResetConfirm,
  passwordResetRequest,
  sessionResponse,
  signupRequest,
} from '#shared/accounts';
import { claimGuestAccount } from '../../domain/accounts/claim-guest-account';
import { createGuestUser } from '../../domain/accounts/create-guest-user';
import { findLoginAccount } from '../../domain/accounts/find-login-account';
import { logInUser } from '../../domain/accounts/log-in-user';
import { requestPasswordReset } from '../../domain/accounts/request-password-reset';
import { resetPassword } from '../../domain/accounts/reset-password';
import { signUpUser } from '../../domain/accounts/sign-up-user';
import { AppError } from '../../errors';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { brandSiteOf, setPasswordPath } from '../../http/public-link';
import { endSession, startSession } from '../../http/session-auth';
import { presentUser } from '../../presenters/user';

const message = z.object({ message: z.string() });

export const LOGGED_OUT_MESSAGE = 'Logged out successfully';
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to choose a new password.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/signup',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign up (when the brand allows self-service) and sign in',
        body: signupRequest,
        response: responses(sessionResponse),
      },
    },
    async (request, reply) => {
      const brand = requireBrand(request);
      await app.rateLimiter.check(request, 'signup', request.body.email);
      if (!brand.config.selfLogin) throw new AppError('SIGNUP_DISABLED');
      const { session, ...input } = request.body;
      const user = await signUpUser(app.db, { ...input, brandId: brand.id, passwords: app.passwords });
      const tokens = await startSession(app, request, reply, user, session);
      return ok({ ...presentUser(user, brand), ...tokens });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Log in with e-mail or mobile and password',
        description:
          'Browsers get an HttpOnly session cookie. API clients send `"session": "bearer"` and receive ' +
          '`data.accessToken` to send as `Authorization: Bearer …`.',
        body: loginRequest,
        response: responses(sessionResponse),
      },
    },
    async (request, reply) => {
      const brand = requireBrand(request);
      const account = await findLoginAccount(app.db, brand.id, request.body.login);
      await app.rateLimiter.check(request, 'login', account);
      const user = await logInUser(app.db, {
        brandId: brand.id,
        login: request.body.login,
        password: request.body.password,
        passwords: app.passwords,
      });
      const tokens = await startSession(app, request, reply, user, request.body.session);
      return ok({ ...presentUser(user, brand), ...tokens });
    },
  );

  app.post(
    '/auth/guest',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Check out as a guest: a fresh customer with a session, no password',
        description:
          'E-mail and mobile (+977) are where the booking goes; the guest never signs in to, or sees, an ' +
          'account that uses them. Rate limited per address like sign-up. After paying, ' +
          '`POST /auth/guest/claim` keeps the bookings in an account.',
        body: guestRequest,
        response: responses(sessionResponse),
      },
    },
    async (request, reply) => {
      const brand = requireBrand(request);
      await app.rateLimiter.check(request, 'guest', request.body.email);
      const { email, mobile, session } = request.body;
      const user = await createGuestUser(app.db, {
        brandId: brand.id,
        email,
        mobile,
        firstName: request.body.firstName ?? request.body.first_name,
        lastName: request.body.lastName ?? request.body.last_name,
      });
      const tokens = await startSession(app, request, reply, user, session);
      return ok({ ...presentUser(user, brand), ...tokens });
    },
  );

  app.post(
    '/auth/guest/claim',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: "Create an account from a guest checkout: the guest's e-mail and mobile with this password",
        description:
          '409 GUEST_CONTACT_HAS_ACCOUNT (naming `email` and/or `mobile`) when an account already uses ' +
          'them: log in to it instead; nothing is merged. 409 NOT_A_GUEST for a user with an account. ' +
          "403 SIGNUP_DISABLED when the brand's `selfLogin` is off.",
        body: guestClaimRequest,
        response: responses(sessionResponse),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const current = requireUser(request);
      if (!brand.config.selfLogin) throw new AppError('SIGNUP_DISABLED');
      const user = await claimGuestAccount(app.db, {
        brandId: brand.id,
        userId: current.id,
        password: request.body.password,
        passwords: app.passwords,
      });
      return ok(presentUser(user, brand));
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Log out: revoke the session and clear the cookie',
        response: responses(message),
      },
    },
    async (request, reply) => {
      await endSession(app, request, reply);
      return ok({ message: LOGGED_OUT_MESSAGE });
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a single-use, time-limited password reset link',
        body: passwordResetRequest,
        response: responses(message),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      await app.rateLimiter.check(request, 'password-reset', request.body.email);
      const site = await brandSiteOf(app, request, brand.id);
      await requestPasswordReset(app.db, {
        brandId: brand.id,
        brandName: brand.config.displayName,
        email: request.body.email,
        ttlMs: app.env.PASSWORD_RESET_TTL_MINUTES * 60_000,
        resetLink: (token) => `${site}${setPasswordPath(token)}`,
        linksKey: app.emailLinksKey,
      });
      // Sent whether or not the address has an account, so the answer takes as long either way.
      await app.jobs.send('email.deliver-outbox');
      return ok({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password with the e-mailed token; every session of the user ends',
        body: passwordResetConfirm,
        response: responses(message),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      await app.rateLimiter.check(request, 'password-reset');
      const { userId } = await resetPassword(app.db, {
        brandId: brand.id,
        token: request.body.token,
        newPassword: request.body.password,
        passwords: app.passwords,
      });
      await app.sessions.revokeAllForUser(userId);
      return ok({ message: 'Your password has been changed. Please log in.' });
    },
  );
};
