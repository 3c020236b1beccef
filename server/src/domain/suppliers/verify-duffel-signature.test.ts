import { describe, expect, it } from 'vitest';
import { signDuffelWebhook } from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { verifyDuffelSignature } from './verify-duffel-signature';

/**
 * Duffel's own example (duffel-api-ruby, spec/duffel_api/webhook_event_spec.rb): this body, signed
 * with the secret `a_secret` at t=1641667496, carries this X-Duffel-Signature.
 */
const BODY =
  '{"created_at":"2022-01-08T18:44:56.129339Z","data":{"changes":{},"object":{}},' +
  '"id":"eve_0000AFEsrBKZAcKgGtZCnQ","live_mode":false,"object":"order","type":"order.updated"}';
const SIGNATURE = 't=1641667496,v1=691f25ffb1f206c0fda5bb7b1a9d60fafe42c5f42819d44a06a7cfe09486f102';

describe("Duffel's webhook signature", () => {
  it("accepts Duffel's published example", () => {
    expect(verifyDuffelSignature(BODY, SIGNATURE, 'a_secret')).toBe(true);
  });

  it('refuses another body, another secret, another timestamp or a header not in the t=…,v1=… form', () => {
    expect(verifyDuffelSignature('foo', SIGNATURE, 'a_secret')).toBe(false);
    expect(verifyDuffelSignature(`${BODY} `, SIGNATURE, 'a_secret')).toBe(false);
    expect(verifyDuffelSignature(BODY, SIGNATURE, 'another_secret')).toBe(false);
    expect(verifyDuffelSignature(BODY, SIGNATURE.replace('t=1641667496', 't=1641667497'), 'a_secret')).toBe(
      false,
    );
    expect(verifyDuffelSignature(BODY, 'nah', 'a_secret')).toBe(false);
    expect(verifyDuffelSignature(BODY, undefined, 'a_secret')).toBe(false);
    expect(verifyDuffelSignature(BODY, SIGNATURE.toUpperCase(), 'a_secret')).toBe(false);
  });

  it('the stand-in signs as Duffel does', () => {
    expect(signDuffelWebhook(BODY, 'a_secret', 1641667496)).toBe(SIGNATURE);
  });
});
