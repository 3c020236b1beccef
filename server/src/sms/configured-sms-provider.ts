import type { Env } from '../env';
import type { SmsProvider } from './sms-provider';
import { SparrowSmsProvider } from './sparrow-sms';

/** The SMS gateway the configuration names (SMS_PROVIDER), or null: no SMS is sent. */
export function configuredSmsProvider(
  env: Pick<
    Env,
    'SMS_PROVIDER' | 'SPARROW_SMS_TOKEN' | 'SPARROW_SMS_FROM' | 'SMS_API_URL' | 'SMS_TIMEOUT_MS'
  >,
): SmsProvider | null {
  if (env.SMS_PROVIDER === 'sparrow' && env.SPARROW_SMS_TOKEN && env.SPARROW_SMS_FROM) {
    return new SparrowSmsProvider({
      token: env.SPARROW_SMS_TOKEN,
      from: env.SPARROW_SMS_FROM,
      url: env.SMS_API_URL,
      timeoutMs: env.SMS_TIMEOUT_MS,
    });
  }
  return null;
}
