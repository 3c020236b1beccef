import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, demoUserEmail } from '../seed/demo-users';
import type { TestApp } from './test-app';

export { DEMO_PASSWORD, demoUserEmail };

export const SAJILO = 'localhost';
export const GLOBALIME = 'globalime.localhost';
export const API = '/api/b2b/v2';

/** The `name=value` of the session cookie a response sets, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find(
    (c) => c.startsWith('tikat_session=') || c.startsWith('__Host-tikat_session='),
  );
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return session.split(';')[0] ?? '';
}

/** A JSON request to the API on a brand's host, as the brand's own web page would send it. */
export function api(
  t: TestApp,
  options: InjectOptions & { host?: string; cookie?: string; bearer?: string },
) {
  const { host = SAJILO, cookie, bearer, headers, url, ...rest } = options;
  return t.app.inject({
    ...rest,
    url: `${API}${url}`,
    headers: {
      host,
      ...(cookie ? { cookie } : {}),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
  });
}

/** Logs in with a password; answers the session cookie (or the bearer token when asked). */
export async function logIn(
  t: TestApp,
  login: string,
  options: { host?: string; password?: string; session?: 'cookie' | 'bearer' } = {},
) {
  const response = await api(t, {
    method: 'POST',
    url: '/auth/login',
    host: options.host,
    payload: { login, password: options.password ?? DEMO_PASSWORD, session: options.session ?? 'cookie' },
  });
  if (response.statusCode !== 200) throw new Error(`log-in failed: ${response.body}`);
  return {
    response,
    cookie: options.session === 'bearer' ? '' : sessionCookie(response),
    token: response.json().data.accessToken as string | undefined,
  };
}

/** Logs a demo user of a demo brand in and answers the cookie. */
export async function logInDemo(t: TestApp, slug: 'sajilo' | 'globalime', type: string) {
  const host = slug === 'sajilo' ? SAJILO : GLOBALIME;
  return (await logIn(t, `${type}@${slug}.example`, { host })).cookie;
}
