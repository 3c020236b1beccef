import { startSparrowSandbox } from './sparrow-sandbox';

/**
 * `npm run sms:sandbox`: the Sparrow SMS stand-in on SMS_SANDBOX_PORT (default 4020) for
 * development; every message it accepts is printed, as a phone would show it.
 */
const port = Number(process.env.SMS_SANDBOX_PORT ?? 4020);
const sandbox = await startSparrowSandbox({ port });
console.log(`Sparrow SMS stand-in on ${sandbox.url}`);
console.log(
  `Run Tikat with SMS_PROVIDER=sparrow SMS_API_URL=${sandbox.url} SPARROW_SMS_TOKEN=${sandbox.token} SPARROW_SMS_FROM=${sandbox.from}`,
);
const shown = { count: 0 };
setInterval(() => {
  for (const sms of sandbox.inbox.slice(shown.count))
    console.log(`[${sms.at.toISOString()}] to ${sms.to}: ${sms.text}`);
  shown.count = sandbox.inbox.length;
}, 500);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
