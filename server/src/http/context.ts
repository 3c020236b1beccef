import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client';
import type { Brand, BrandDirectory } from '../domain/brands/brand-directory';
import type { Env } from '../env';
import { AppError } from '../errors';
import type { PaymentConfig, PaymentGateways } from '../payments/config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database handle; pass a transaction handle instead inside a transaction. */
    db: Db;
    database: Database;
    brands: BrandDirectory;
    env: Env;
    /** The payment gateways of the deployment (per brand later) and their settings. */
    payments: { config: PaymentConfig; gateways: PaymentGateways };
  }
  interface FastifyRequest {
    /** The brand of the request's host name (or the default brand), resolved for API routes. */
    brand: Brand | undefined;
  }
}

/** The request's brand; a host with no brand and no default brand configured answers 404. */
export function requireBrand(request: FastifyRequest): Brand {
  if (!request.brand) throw new AppError('BRAND_NOT_FOUND');
  return request.brand;
}
