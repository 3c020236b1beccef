import type { z } from 'zod';
import { errorEnvelope, successEnvelope } from '#shared/envelope';

/** Wraps a successful result in the API envelope. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

/** Response schemas of a route that creates something: 201 with its body, and the error envelope. */
export function createdResponses<T extends z.ZodType>(data: T) {
  return { 201: successEnvelope(data), '4xx': errorEnvelope, '5xx': errorEnvelope } as const;
}

/** Response schemas of a route: its success body and the shared error envelope. */
export function responses<T extends z.ZodType>(data: T) {
  return { 200: successEnvelope(data), '4xx': errorEnvelope, '5xx': errorEnvelope } as const;
}
