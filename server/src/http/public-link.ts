import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandSiteUrl, primaryBrandHost, siteUrlOn } from '../domain/brands/brand-site-url';

/**
 * The base address of a brand's site for a request about it (a booking's, a user's): the
 * brand's primary host — the request's own host when it is one of the brand's — with PUBLIC_URL's
 * scheme and port (domain/brands/brand-site-url.ts). Never the host of another brand.
 */
export function brandSiteOf(app: FastifyInstance, request: FastifyRequest, brandId: string): Promise<string> {
  return brandSiteUrl(app.db, { brandId, publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname });
}

/**
 * An absolute address on the site of a brand whose host names are `hosts` (a brand being
 * created, not in the database yet): its primary host, PUBLIC_URL's scheme and port.
 */
export function publicLink(app: FastifyInstance, hosts: readonly string[], pathAndQuery: string): string {
  return `${siteUrlOn(app.env.PUBLIC_URL, primaryBrandHost(hosts, app.env.PUBLIC_URL))}${pathAndQuery}`;
}

/** The set-password page for a token (password reset and invitations share it). */
export const setPasswordPath = (token: string) => `/auth/reset-password?token=${token}`;

/** The accept-invitation page for a staff invitation's token (docs/admin.md#staff-roles). */
export const staffInvitationPath = (token: string) => `/auth/accept-invitation?token=${token}`;
