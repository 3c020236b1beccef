import { describe, expect, it } from 'vitest';
import { paisaFromRupees, rupeesFromPaisa } from './amounts';
import { decodeEsewaData, EsewaGateway, esewaSignature, hasValidEsewaSignature } from './esewa';

const SECRET = '8gBm/:&EnhH.1/q';
const gateway = new EsewaGateway({
  formBaseUrl: 'https://rc-epay.esewa.com.np',
  statusBaseUrl: 'https://rc.esewa.com.np',
  productCode: 'EPAYTEST',
  secretKey: SECRET,
  timeoutMs: 1000,
});

describe('eSewa ePay v2', () => {
  it('reproduces the published signature test vector', () => {
    const fields = { total_amount: '110', transaction_uuid: '241028', product_code: 'EPAYTEST' };
    expect(esewaSignature(fields, 'total_amount,transaction_uuid,product_code', SECRET)).toBe(
      'i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=',
    );
  });

  it('builds the form exactly as the documentation lists it, signed', async () => {
    const { action } = await gateway.initiate({
      reference: '241028',
      amountPaisa: 11_000,
      orderName: 'Booking ABC123',
      successUrl: 'https://shop.example/ok',
      failureUrl: 'https://shop.example/ko',
    });
    expect(action).toEqual({
      kind: 'form',
      method: 'POST',
      url: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
      fields: {
        amount: '110',
        tax_amount: '0',
        product_service_charge: '0',
        product_delivery_charge: '0',
        total_amount: '110',
        transaction_uuid: '241028',
        product_code: 'EPAYTEST',
        success_url: 'https://shop.example/ok',
        failure_url: 'https://shop.example/ko',
        signed_field_names: 'total_amount,transaction_uuid,product_code',
        signature: 'i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=',
      },
    });
  });

  it('checks a returned signature over the listed fields with their raw values', () => {
    const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
    const data: Record<string, string> = {
      transaction_code: '000AWEO',
      status: 'COMPLETE',
      total_amount: '1,000.0',
      transaction_uuid: '250610-162413',
      product_code: 'EPAYTEST',
      signed_field_names: names,
    };
    data.signature = esewaSignature(data, names, SECRET);
    expect(hasValidEsewaSignature(data, SECRET)).toBe(true);
    expect(hasValidEsewaSignature({ ...data, total_amount: '1000.0' }, SECRET)).toBe(false);
    expect(hasValidEsewaSignature({ ...data, signed_field_names: 'status' }, SECRET)).toBe(false);
    const encoded = Buffer.from(JSON.stringify(data)).toString('base64');
    expect(decodeEsewaData(encoded)).toEqual(data);
    expect(decodeEsewaData('not base64 json')).toBeUndefined();
  });

  it('reads total_amount sent as a JSON number, signed over its digits as sent; a tampered amount fails', () => {
    const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
    // The digits eSewa signs are the text it sends: "1000.0", which JSON.parse turns into 1000.
    const signed = {
      transaction_code: '000AWEO',
      status: 'COMPLETE',
      total_amount: '1000.0',
      transaction_uuid: '250610-162413',
      product_code: 'EPAYTEST',
      signed_field_names: names,
    };
    const signature = esewaSignature(signed, names, SECRET);
    const asSent = (amountText: string) =>
      Buffer.from(
        `{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":${amountText},` +
          `"transaction_uuid":"250610-162413","product_code":"EPAYTEST",` +
          `"signed_field_names":"${names}","signature":"${signature}"}`,
      ).toString('base64');

    const asNumber = decodeEsewaData(asSent('1000.0'));
    expect(asNumber?.total_amount).toBe('1000.0');
    expect(asNumber && hasValidEsewaSignature(asNumber, SECRET)).toBe(true);
    const asString = decodeEsewaData(asSent('"1000.0"'));
    expect(asString).toEqual(asNumber);
    expect(asString && hasValidEsewaSignature(asString, SECRET)).toBe(true);

    for (const tampered of ['1000', '10.0', '"1.0"', '1e3']) {
      const data = decodeEsewaData(asSent(tampered));
      expect(data && hasValidEsewaSignature(data, SECRET), tampered).toBe(false);
    }
    expect(decodeEsewaData(Buffer.from('{"total_amount":{"x":1}}').toString('base64'))).toBeUndefined();
    expect(decodeEsewaData(Buffer.from('["1000.0"]').toString('base64'))).toBeUndefined();
  });

  it('converts paisa and rupee strings without floating point', () => {
    expect([11_000, 11_050, 11_025, 1].map(rupeesFromPaisa)).toEqual(['110', '110.5', '110.25', '0.01']);
    expect(['1000.0', '1,000.00', '110.5', 110, '0.01'].map(paisaFromRupees)).toEqual([
      100_000, 100_000, 11_050, 11_000, 1,
    ]);
    expect(['', 'abc', '1.234', '-5', null].map(paisaFromRupees)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
