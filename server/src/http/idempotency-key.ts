import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidFields } from '../errors';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** The request's `Idempotency-Key` header, or 400 naming it when missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw invalidFields({
      'Idempotency-Key': 'Send an Idempotency-Key header: 8 to 100 letters, digits, dots, dashes or colons.',
    });
  }
  return key;
}

/** The header as the OpenAPI document describes it. */
export const idempotencyKeyHeaders = (what: string) =>
  z.looseObject({
    'idempotency-key': z
      .string()
      .optional()
      .describe(
        `Required: 8 to 100 letters, digits, dots, dashes or colons; the same key answers the same ${what}`,
      ),
  });
