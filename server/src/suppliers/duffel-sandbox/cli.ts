import { startDuffelSandbox } from './duffel-sandbox';

/** `npm run duffel:sandbox`: the Duffel stand-in on DUFFEL_SANDBOX_PORT (default 4010) for development. */
const port = Number(process.env.DUFFEL_SANDBOX_PORT ?? 4010);
const sandbox = await startDuffelSandbox({ port });
console.log(`Duffel stand-in on ${sandbox.url}`);
console.log(`Run Tikat with DUFFEL_ACCESS_TOKEN=duffel_test_local DUFFEL_API_URL=${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
