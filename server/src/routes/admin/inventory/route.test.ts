import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightLoad, InventoryControl } from '#shared/admin-inventory';
import type { FlightOffer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../../domain/flight-engine/calendar';
import { DEMO_OPERATOR_EMAIL } from '../../../seed/demo-users';
import { logIn } from '../../../test/accounts';
import { adminSessions, asAdmin, GLOBALIME } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  operator = (await logIn(t, DEMO_OPERATOR_EMAIL)).cookie;
});
afterAll(() => t.close());

const inDays = (n: number) => dateOf(todayInNepal() + n);
/** The platform operator: the house inventory is every brand's, so only operators control it. */
const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  asAdmin(t, operator, method, url, payload);
/** The operator's changes land in the audit log of their own brand (Sajilo), read by its admin. */
const auditOf = async (action: string) =>
  JSON.stringify(
    (await asAdmin(t, sessions.sajiloAdmin, 'GET', `/admin/audit?action=${action}`)).json().data,
  );

async function u4Offers(date: string): Promise<FlightOffer[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/b2b/v2/flights/search',
    payload: { depart_code: 'KTM', dest_code: 'PKR', depart_date: date, nationality_code: 'NP' },
  });
  return (response.json().data.legs[0].offers as FlightOffer[]).filter(
    (o) => o.segments[0]?.flight_number === 'U4 601',
  );
}

const loadOf = async (date: string) => {
  const response = await admin(
    'GET',
    `/admin/inventory/load?flight_number=U4%20601&depart_code=KTM&dest_code=PKR&date=${date}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data as FlightLoad;
};

describe('admin inventory controls', () => {
  it("shows a flight's load per class: capacity, sold elsewhere, sold and held here, seats left", async () => {
    const load = await loadOf(inDays(10));
    expect(load).toMatchObject({
      flight_number: 'U4 601',
      depart_code: 'KTM',
      dest_code: 'PKR',
      aircraft: 'AT7',
    });
    expect(load.classes.map((c) => c.class_code)).toEqual(['O', 'B', 'A', 'Y']);
    expect(load.classes.map((c) => c.advance_purchase_days)).toEqual([7, 3, 0, 0]);
    expect(load.classes.reduce((n, c) => n + c.capacity, 0)).toBe(70);
    for (const c of load.classes) {
      expect(c.seats_left).toBe(c.capacity - c.sold_elsewhere - c.sold - c.held);
      expect(c.open).toBe(true);
    }
    expect(load.classes.some((c) => c.sold_elsewhere > 0)).toBe(true);
    // The seats left the load shows are the ones a search offers.
    const offer = (await u4Offers(inDays(10))).find((o) => o.fare.class_codes[0] === 'A');
    expect(offer?.seats_left).toBe(load.classes.find((c) => c.class_code === 'A')?.seats_left);
  });

  it('closes a class on a date range and opens it again, each change in the audit log', async () => {
    const from = inDays(20);
    const to = inDays(22);
    const before = await u4Offers(inDays(21));
    expect(before.some((o) => o.fare.class_codes[0] === 'A')).toBe(true);
    const body = {
      flight_number: 'U4 601',
      depart_code: 'KTM',
      dest_code: 'PKR',
      class_code: 'A',
      from_date: from,
      to_date: to,
      action: 'close',
    };
    const closed = await admin('POST', '/admin/inventory/controls', body);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data as InventoryControl).toMatchObject({ class_code: 'A', closed: true });
    expect((await u4Offers(inDays(21))).some((o) => o.fare.class_codes[0] === 'A')).toBe(false);
    expect((await u4Offers(inDays(23))).some((o) => o.fare.class_codes[0] === 'A')).toBe(true);
    expect((await loadOf(inDays(21))).classes.find((c) => c.class_code === 'A')?.open).toBe(false);

    await admin('POST', '/admin/inventory/controls', {
      ...body,
      action: 'open',
      from_date: inDays(21),
      to_date: inDays(21),
    });
    expect((await u4Offers(inDays(21))).some((o) => o.fare.class_codes[0] === 'A')).toBe(true);
    expect((await u4Offers(inDays(20))).some((o) => o.fare.class_codes[0] === 'A')).toBe(false);

    expect(await auditOf('inventory.close')).toContain('U4 601 KTM-PKR');
    expect(await auditOf('inventory.open')).toContain('U4 601 KTM-PKR');
  });

  it("overrides a class's fare on a date: the search prices it so, other dates keep the stored fare", async () => {
    const date = inDays(30);
    const load = await loadOf(date);
    const y = load.classes.find((c) => c.class_code === 'Y');
    if (!y) throw new Error('no Y class');
    const flex = async (d: string) => (await u4Offers(d)).find((o) => o.fare.class_codes[0] === 'Y');
    const before = await flex(date);
    const response = await admin('POST', '/admin/inventory/controls', {
      flight_number: 'U4 601',
      depart_code: 'KTM',
      dest_code: 'PKR',
      class_code: 'Y',
      from_date: date,
      to_date: date,
      action: 'set_fare',
      base_npr: y.base_npr + 1_000_00,
    });
    expect(response.statusCode).toBe(200);
    const after = await flex(date);
    // NPR 1,000 more base fare, plus its 13 % VAT.
    expect((after?.price.total ?? 0) - (before?.price.total ?? 0)).toBe(1_130_00);
    expect((await loadOf(date)).classes.find((c) => c.class_code === 'Y')).toMatchObject({
      base_npr: y.base_npr + 1_000_00,
      fare_overridden: true,
    });
    expect((await loadOf(inDays(31))).classes.find((c) => c.class_code === 'Y')?.fare_overridden).toBe(false);
    expect(await auditOf('inventory.set-fare')).toContain(String(y.base_npr + 1_000_00));
  });

  it("refuses every brand's admin: one agency must not close or re-price a class all agencies sell", async () => {
    const body = {
      flight_number: 'U4 601',
      depart_code: 'KTM',
      dest_code: 'PKR',
      class_code: 'A',
      from_date: inDays(40),
      to_date: inDays(40),
      action: 'close',
    };
    for (const [cookie, host] of [
      [sessions.sajiloAdmin, undefined],
      [sessions.globalimeAdmin, GLOBALIME],
    ] as const) {
      expect((await asAdmin(t, cookie, 'POST', '/admin/inventory/controls', body, host)).statusCode).toBe(
        403,
      );
      const load = await asAdmin(
        t,
        cookie,
        'GET',
        `/admin/inventory/load?flight_number=U4%20601&depart_code=KTM&dest_code=PKR&date=${inDays(40)}`,
        undefined,
        host,
      );
      expect(load.statusCode).toBe(403);
    }
    expect((await u4Offers(inDays(40))).some((o) => o.fare.class_codes[0] === 'A')).toBe(true);
  });

  it('rejects bad controls with 400 naming the field, and non-admins with 403', async () => {
    const good = {
      flight_number: 'U4 601',
      depart_code: 'KTM',
      dest_code: 'PKR',
      class_code: 'A',
      from_date: inDays(5),
      to_date: inDays(6),
      action: 'close',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, flight_number: 'U4601' }, 'flight_number'],
      [{ ...good, flight_number: 'U4 999' }, 'flight_number'],
      [{ ...good, class_code: 'Z' }, 'class_code'],
      [{ ...good, to_date: inDays(4) }, 'to_date'],
      [{ ...good, action: 'set_fare' }, 'base_npr'],
      [{ ...good, action: 'sell' }, 'action'],
    ];
    for (const [body, field] of cases) {
      const response = await admin('POST', '/admin/inventory/controls', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().data.fields).toHaveProperty(field);
    }
    const agent = await asAdmin(t, sessions.sajiloAgent, 'POST', '/admin/inventory/controls', good);
    expect(agent.statusCode).toBe(403);
  });
});
