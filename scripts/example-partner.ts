/**
 * Example partner server (app-SDK mode), runnable against a running Tikat server:
 *
 *   npm start                      # in another terminal (or: npx tsx server/src/main.ts)
 *   npx tsx scripts/example-partner.ts
 *
 * Environment (all optional):
 *   TIKAT_URL               the brand's site, default http://localhost:3000 (the Sajilo demo brand)
 *   PARTNER_CLIENT_ID       credentials of a registered partner app; without them the script
 *   PARTNER_CLIENT_SECRET   logs in as the brand's demo admin and registers one (demo only)
 *   ADMIN_LOGIN / ADMIN_PASSWORD   the admin used for that, default the demo admin
 *   CUSTOMER_EMAIL / CUSTOMER_MOBILE   the bank customer to sign in (default: one per partner)
 *
 * It does what a bank's server does: ask Tikat for a short-lived clientCustomerToken for the
 * signed-in bank customer, then build the address the bank's app opens in its webview. With
 * `--exchange` it also plays the web app's part (POST /clients/profile) to show the answer.
 * See docs/partner-apps.md.
 */

const base = (process.env.TIKAT_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const api = `${base}/api/b2b/v2`;

async function call<T>(path: string, body: unknown, bearer?: string): Promise<T> {
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T & { error?: string } };
  if (!envelope.success) throw new Error(`${path} → ${response.status}: ${envelope.data.error}`);
  return envelope.data;
}

/** Demo convenience: a real partner receives its client id and secret from the agency's admin. */
async function registerDemoPartner(): Promise<{ clientId: string; clientSecret: string }> {
  const login = process.env.ADMIN_LOGIN ?? 'admin@sajilo.example';
  const password = process.env.ADMIN_PASSWORD ?? 'Himalaya-Demo-2081';
  const { accessToken } = await call<{ accessToken: string }>('/auth/login', {
    login,
    password,
    session: 'bearer',
  });
  const partner = await call<{ clientId: string; clientSecret: string }>(
    '/partner-apps',
    { name: `Example partner ${new Date().toISOString()}` },
    accessToken,
  );
  await call('/auth/logout', {}, accessToken);
  console.log(`Registered partner app ${partner.clientId} (the secret is shown only once).`);
  return partner;
}

async function main(): Promise<void> {
  const credentials =
    process.env.PARTNER_CLIENT_ID && process.env.PARTNER_CLIENT_SECRET
      ? { clientId: process.env.PARTNER_CLIENT_ID, clientSecret: process.env.PARTNER_CLIENT_SECRET }
      : await registerDemoPartner();

  // 1. The partner's server, for its signed-in customer, asks for a clientCustomerToken.
  const { clientCustomerToken, expiresIn } = await call<{ clientCustomerToken: string; expiresIn: number }>(
    '/clients/customer-token',
    {
      ...credentials,
      customer: {
        firstName: 'Hari',
        lastName: 'Thapa',
        // A partner signs in only customers it created: each demo partner gets its own customer.
        email: process.env.CUSTOMER_EMAIL ?? `hari.thapa.${credentials.clientId.slice(-6)}@example.com`,
        mobile:
          process.env.CUSTOMER_MOBILE ??
          `98${String(Number.parseInt(credentials.clientId.slice(-6), 16))
            .padStart(8, '0')
            .slice(-8)}`,
      },
    },
  );

  // 2. The partner app opens the site with the token and its own contact data (seed §2, §3).
  const data = Buffer.from(
    JSON.stringify({
      clientCustomerToken,
      contactData: { telephone_no: '01-5970000', mobile: '9801000001', email: 'care@partner.example' },
    }),
  ).toString('base64');
  console.log(`Token valid for ${expiresIn} s, once. Open in the webview:`);
  console.log(`${base}/?data=${encodeURIComponent(data)}&skip=1`);

  // 3. (What the web app does.) Exchange the token: customer details plus a session cookie.
  if (process.argv.includes('--exchange')) {
    const response = await fetch(`${api}/clients/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientCustomerToken }),
    });
    const body = (await response.json()) as { data: { clientCustomerDetails: unknown } };
    console.log('clientCustomerDetails:', body.data.clientCustomerDetails);
    console.log('session cookie set:', (response.headers.get('set-cookie') ?? '').split('=')[0]);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
