import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CONNECTIPS_VALIDATE_FIELDS,
  ConnectipsGateway,
  connectipsDate,
  connectipsMessage,
  hasValidConnectipsToken,
} from './connectips';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicKey = createPublicKey(privateKeyPem);

const gateway = new ConnectipsGateway({
  baseUrl: 'https://uat.connectips.com',
  merchantId: '123',
  appId: 'MER-123-APP-1',
  appName: 'Tikat',
  password: 'secret',
  privateKeyPem,
  successUrl: 'https://shop.example/ok',
  failureUrl: 'https://shop.example/ko',
  timeoutMs: 1000,
});

describe('ConnectIPS', () => {
  it('signs the documented string, TOKEN=TOKEN last, with SHA256withRSA in base64', async () => {
    const { action } = await gateway.initiate({
      reference: 'a1b2c3d4e5f6a7b8c9d0',
      amountPaisa: 250_000,
      orderName: 'Booking ABC123',
      successUrl: 'ignored',
      failureUrl: 'ignored',
    });
    if (action.kind !== 'form') throw new Error('expected a form');
    expect(action.url).toBe('https://uat.connectips.com/connectipswebgw/loginpage');
    const { TOKEN, ...fields } = action.fields;
    expect(fields).toEqual({
      MERCHANTID: '123',
      APPID: 'MER-123-APP-1',
      APPNAME: 'Tikat',
      TXNID: 'a1b2c3d4e5f6a7b8c9d0',
      TXNDATE: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
      TXNCRNCY: 'NPR',
      TXNAMT: '250000',
      REFERENCEID: 'a1b2c3d4e5f6a7b8c9d0',
      REMARKS: 'Booking ABC123',
      PARTICULARS: 'Booking ABC123',
    });
    const message =
      `MERCHANTID=123,APPID=MER-123-APP-1,APPNAME=Tikat,TXNID=a1b2c3d4e5f6a7b8c9d0,TXNDATE=${fields.TXNDATE},` +
      'TXNCRNCY=NPR,TXNAMT=250000,REFERENCEID=a1b2c3d4e5f6a7b8c9d0,REMARKS=Booking ABC123,' +
      'PARTICULARS=Booking ABC123,TOKEN=TOKEN';
    expect(hasValidConnectipsToken(message, TOKEN ?? '', publicKey)).toBe(true);
    expect(hasValidConnectipsToken(message.replace('250000', '250001'), TOKEN ?? '', publicKey)).toBe(false);
  });

  it('builds the validation string and dates in Nepal time', () => {
    const signed = { MERCHANTID: '123', APPID: 'A', REFERENCEID: 'R', TXNAMT: '1000' };
    expect(connectipsMessage(signed, CONNECTIPS_VALIDATE_FIELDS)).toBe(
      'MERCHANTID=123,APPID=A,REFERENCEID=R,TXNAMT=1000',
    );
    expect(connectipsDate(new Date('2025-04-14T18:20:00Z'))).toBe('15-04-2025');
    expect(connectipsDate(new Date('2025-04-14T18:10:00Z'))).toBe('14-04-2025');
  });
});
