import { DEPOSIT_SLIP_CONTENT_TYPES, type DepositSlipContentType } from '#shared/deposit-requests';
import { invalidFields } from '../../errors';
import { checkImage } from '../assets/check-image';

/**
 * Checks a deposit slip as brand images are checked (`checkImage`: the declared type one of those
 * allowed and matching the bytes, at most `maxBytes`), a PDF by its `%PDF-` signature. Failures are
 * 400 naming `slip`.
 */
export async function checkDepositSlip(
  slip: { content_type: string; data: string },
  maxBytes: number,
): Promise<{ contentType: DepositSlipContentType; bytes: Buffer }> {
  const type = slip.content_type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(DEPOSIT_SLIP_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw invalidFields({ slip: 'Attach the slip as a PNG, JPEG or WebP image or a PDF.' });
  }
  const bytes = Buffer.from(slip.data, 'base64');
  if (type !== 'application/pdf') {
    const image = await checkImage(bytes, type, maxBytes, 'slip');
    return { contentType: type as DepositSlipContentType, bytes: image.bytes };
  }
  if (bytes.length === 0) throw invalidFields({ slip: 'The file is empty.' });
  if (bytes.length > maxBytes) {
    throw invalidFields({ slip: `The file is larger than ${Math.floor(maxBytes / 1000)} kB.` });
  }
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw invalidFields({ slip: 'The file is not the PDF it claims to be.' });
  }
  return { contentType: 'application/pdf', bytes };
}
