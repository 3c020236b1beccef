import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_SMS_FAULTS, type SparrowSandbox, startSparrowSandbox } from './sandbox/sparrow-sandbox';
import { SparrowSmsProvider, sparrowNumber } from './sparrow-sms';

let sandbox: SparrowSandbox;
let provider: SparrowSmsProvider;
beforeAll(async () => {
  sandbox = await startSparrowSandbox({ token: 'v2_test_token', from: 'TikatDemo' });
  provider = new SparrowSmsProvider({
    token: 'v2_test_token',
    from: 'TikatDemo',
    url: sandbox.url,
    timeoutMs: 300,
  });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.inbox.length = 0;
  sandbox.requests.length = 0;
  sandbox.faults = { ...NO_SMS_FAULTS };
});

describe('the Sparrow SMS adapter against the local stand-in of its API v2', () => {
  it('sends the documented form fields and reads the queued answer; the phone gets the text', async () => {
    const result = await provider.send({ to: '+9779812345678', text: 'Booking ABC234 held.' });
    expect(result).toEqual({ ok: true, code: '200', detail: '1 mesages has been queued for delivery' });
    expect(sandbox.requests).toEqual([
      { token: 'v2_test_token', from: 'TikatDemo', to: '9812345678', text: 'Booking ABC234 held.' },
    ]);
    expect(sandbox.inbox).toMatchObject([
      { from: 'TikatDemo', to: '9812345678', text: 'Booking ABC234 held.' },
    ]);
  });

  it('sends Nepali text unchanged (Unicode)', async () => {
    const text = 'टिकट जारी भयो। PNR ABC234';
    expect((await provider.send({ to: '+9779701234567', text })).ok).toBe(true);
    expect(sandbox.inbox[0]?.text).toBe(text);
  });

  it('a refused receiver (1007) is not worth retrying; the phone gets nothing', async () => {
    const result = await provider.send({ to: '+9771234567890', text: 'Hello' });
    expect(result).toEqual({ ok: false, retryable: false, code: '1007', detail: 'Invalid Receiver' });
    expect(sandbox.inbox).toHaveLength(0);
  });

  it("the account's refusals (1002 invalid token, 1008 invalid sender, 1013 no credits) are retried later", async () => {
    const wrongToken = new SparrowSmsProvider({ token: 'stale', from: 'TikatDemo', url: sandbox.url });
    expect(await wrongToken.send({ to: '+9779812345678', text: 'Hi' })).toEqual({
      ok: false,
      retryable: true,
      code: '1002',
      detail: 'Invalid Token',
    });
    const wrongSender = new SparrowSmsProvider({ token: 'v2_test_token', from: 'Other', url: sandbox.url });
    expect(await wrongSender.send({ to: '+9779812345678', text: 'Hi' })).toMatchObject({
      ok: false,
      retryable: true,
      code: '1008',
    });
    sandbox.faults.refuseWith = 1013;
    expect(await provider.send({ to: '+9779812345678', text: 'Hi' })).toEqual({
      ok: false,
      retryable: true,
      code: '1013',
      detail: 'Insufficient Credits',
    });
    expect(sandbox.inbox).toHaveLength(0);
  });

  it('empty text is refused for good (1010)', async () => {
    expect(await provider.send({ to: '+9779812345678', text: ' ' })).toMatchObject({
      ok: false,
      retryable: false,
      code: '1010',
    });
  });

  it('a gateway answering 503 without JSON is retried', async () => {
    sandbox.faults.failStatus = 503;
    expect(await provider.send({ to: '+9779812345678', text: 'Hi' })).toMatchObject({
      ok: false,
      retryable: true,
      code: 'http 503',
    });
  });

  it('a gateway that does not answer in time is a retryable timeout', async () => {
    sandbox.faults.delayMs = 3_000;
    expect(await provider.send({ to: '+9779812345678', text: 'Hi' })).toEqual({
      ok: false,
      retryable: true,
      code: 'timeout',
      detail: 'no answer within 300 ms',
    });
  });

  it('writes Nepali mobiles as the 10 digits Sparrow takes', () => {
    expect(sparrowNumber('+9779812345678')).toBe('9812345678');
    expect(sparrowNumber('9779812345678')).toBe('9812345678');
  });
});
