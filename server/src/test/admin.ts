import { dateOf, todayInNepal } from '../domain/flight-engine/calendar';
import { api, GLOBALIME, logInDemo, SAJILO } from './accounts';
import type { TestApp } from './test-app';

/** Signed-in cookies of the demo brands' admins and of a non-admin (Sajilo's agent). */
export async function adminSessions(t: TestApp) {
  return {
    sajiloAdmin: await logInDemo(t, 'sajilo', 'admin'),
    globalimeAdmin: await logInDemo(t, 'globalime', 'admin'),
    sajiloAgent: await logInDemo(t, 'sajilo', 'agent'),
  };
}

/** A call as an admin of a brand (Sajilo unless `host` says otherwise). */
export function asAdmin(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  host: string = SAJILO,
) {
  return api(t, {
    method,
    url,
    cookie,
    host,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export { GLOBALIME, SAJILO };

/** A one-pixel PNG. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a one-pixel PNG as Sajilo's header logo, through the console as its admin would. */
export async function setPngHeaderLogo(t: TestApp): Promise<void> {
  const admin = await logInDemo(t, 'sajilo', 'admin');
  const uploaded = await api(t, {
    method: 'POST',
    url: '/admin/uploads',
    cookie: admin,
    payload: PNG_PIXEL,
    headers: { 'content-type': 'image/png' },
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  const settings = (await asAdmin(t, admin, 'GET', '/admin/brand')).json().data;
  const saved = await asAdmin(t, admin, 'PUT', '/admin/brand', {
    ...settings,
    config: { ...settings.config, headerLogo: uploaded.json().data.url },
  });
  if (saved.statusCode !== 200) throw new Error(`saving the logo failed: ${saved.body}`);
}

/** Valid calls of the admin inventory routes (a demo flight 50 days ahead), for the access sweeps. */
export const INVENTORY_SWEEP_CALLS = {
  'GET /admin/inventory/load': () => ({
    query: `flight_number=U4%20601&depart_code=KTM&dest_code=PKR&date=${dateOf(todayInNepal() + 50)}`,
  }),
  'POST /admin/inventory/controls': () => ({
    payload: {
      flight_number: 'U4 601',
      depart_code: 'KTM',
      dest_code: 'PKR',
      class_code: 'Y',
      from_date: dateOf(todayInNepal() + 50),
      to_date: dateOf(todayInNepal() + 50),
      action: 'open',
    },
  }),
};
