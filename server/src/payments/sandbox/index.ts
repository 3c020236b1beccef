import type { FastifyInstance } from 'fastify';
import type { PaymentConfig } from '../config';
import { connectipsSandbox } from './connectips-sandbox';
import { esewaSandbox } from './esewa-sandbox';
import { khaltiSandbox } from './khalti-sandbox';

/**
 * The built-in gateway sandboxes, each under its own prefix and speaking its gateway's protocol
 * (same paths, fields, signatures and status words), with its state in the database.
 */
export async function sandboxRoutes(app: FastifyInstance, options: { config: PaymentConfig }): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await app.register(async (esewa) => esewaSandbox(esewa, options.config.esewa), { prefix: '/esewa' });
  await app.register(async (khalti) => khaltiSandbox(khalti, options.config.khalti), { prefix: '/khalti' });
  await app.register(async (connectips) => connectipsSandbox(connectips, options.config.connectips), {
    prefix: '/connectips',
  });
}
