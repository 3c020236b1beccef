import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { houseSupplier } from '../../domain/suppliers/house-supplier';
import { DEMO_GRANTED_COMMISSION_PERCENT } from '../../seed/demo-brands';
import { logIn } from '../../test/accounts';
import { holdSeats } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inDays = (n: number) => dateOf(todayInNepal() + n);

async function search(body: Record<string, unknown>, bearer?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/b2b/v2/flights/search',
    payload: body,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

async function availability(offers: { id: string; total?: number }[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/b2b/v2/flights/availability',
    payload: { offers },
  });
  return { status: response.statusCode, body: response.json() };
}

const oneWay = (extra: Record<string, unknown> = {}) => ({
  depart_code: 'KTM',
  dest_code: 'PKR',
  depart_date: inDays(1),
  nationality_code: 'NP',
  ...extra,
});

describe('POST /api/b2b/v2/flights/search', () => {
  it('finds several airlines from Kathmandu to Pokhara tomorrow in NPR for a Nepali traveller', async () => {
    const { status, body } = await search(oneWay());
    expect(status).toBe(200);
    expect(body.data.currency).toBe('NPR');
    expect(body.data.legs).toHaveLength(1);
    const offers: FlightOffer[] = body.data.legs[0].offers;
    const airlines = new Set(offers.map((o) => o.segments[0]?.airline_code));
    expect(airlines.size).toBeGreaterThanOrEqual(3);
    expect(airlines).toContain('U4');
    for (const offer of offers) {
      expect(offer.price.currency).toBe('NPR');
      expect(offer.stops).toBe(0);
      expect(offer.segments[0]).toMatchObject({ depart_code: 'KTM', dest_code: 'PKR', duration_minutes: 25 });
      expect(offer.segments[0]?.depart_at).toMatch(new RegExp(`^${inDays(1)}T\\d{2}:\\d{2}:00\\+05:45$`));
      expect(Number.isInteger(offer.price.total)).toBe(true);
    }
    // Tomorrow the Saver steps (O: 7 days, B: 3 days of advance purchase) are closed.
    const classes = offers.map((o) => o.fare.class_codes[0]);
    expect(classes).toContain('A');
    expect(classes).not.toContain('B');
    expect(classes).not.toContain('O');
    expect(offers[0]?.fare.refund_policy).toBeTruthy();
  });

  it('prices foreigners in USD without the lowest class', async () => {
    const { body } = await search(oneWay({ nationality_code: 'US' }));
    expect(body.data.currency).toBe('USD');
    const offers: FlightOffer[] = body.data.legs[0].offers;
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.price.currency).toBe('USD');
      expect(offer.fare.class_codes).not.toContain('B');
    }
    const indian = await search(oneWay({ nationality_code: 'IN' }));
    expect(indian.body.data.currency).toBe('NPR');
  });

  it('charges a child 67 % and an infant 10 % of the adult base fare', async () => {
    const { body } = await search(oneWay({ adults: 1, children: 1, infants: 1 }));
    for (const offer of body.data.legs[0].offers as FlightOffer[]) {
      const [adult, child, infant] = offer.price.per_passenger;
      expect(adult?.type).toBe('adult');
      expect(child?.base).toBe(Math.round((adult?.base ?? 0) * 0.67));
      expect(infant?.base).toBe(Math.round((adult?.base ?? 0) * 0.1));
      expect(offer.price.total).toBe(offer.price.per_passenger.reduce((sum, p) => sum + p.subtotal, 0));
    }
  });

  it('adds fuel surcharge, the NPR 200 service charge and 13 % VAT to a domestic fare', async () => {
    const { body } = await search(oneWay());
    const buddha = (body.data.legs[0].offers as FlightOffer[]).find(
      (o) => o.segments[0]?.flight_number === 'U4 601' && o.fare.class_codes[0] === 'Y',
    );
    expect(buddha?.price.per_passenger[0]).toEqual({
      type: 'adult',
      count: 1,
      base: 663_500,
      fuel_surcharge: 100_000,
      service_charge: 20_000,
      vat: Math.round((663_500 + 100_000) * 0.13),
      tourism_service_fee: 0,
      taxes: 20_000 + Math.round((663_500 + 100_000) * 0.13),
      total: 663_500 + 100_000 + 20_000 + Math.round((663_500 + 100_000) * 0.13),
      subtotal: 663_500 + 100_000 + 20_000 + Math.round((663_500 + 100_000) * 0.13),
    });
  });

  it('adds the Tourism Service Fee and its 13 % VAT once per international ticket, never on domestic ones', async () => {
    const international = async (nationality: string, dest: string) => {
      const { body } = await search({ ...oneWay(), dest_code: dest, nationality_code: nationality });
      return body.data.legs[0].offers as FlightOffer[];
    };
    const perTicket = [
      { nationality: 'NP', fee: 1_000_00 }, // NPR 1,000 (domain-nepal.md)
      { nationality: 'GB', fee: Math.round(1_000_00 / 133) }, // the same in USD cents
    ];
    for (const { nationality, fee } of perTicket) {
      const offers = [
        ...(await international(nationality, 'DEL')),
        ...(await international(nationality, 'LHR')),
      ];
      expect(offers.some((o) => o.stops > 0)).toBe(true);
      for (const offer of offers) {
        for (const p of offer.price.per_passenger) {
          // One fee per ticket however many international flights it has; its VAT is in `vat`.
          expect(p.tourism_service_fee).toBe(fee);
          expect(p.vat).toBeGreaterThanOrEqual(Math.round(fee * 0.13));
          expect(p.base + p.fuel_surcharge + p.service_charge + p.vat + fee).toBe(p.total);
        }
      }
    }
    const { body } = await search(oneWay());
    for (const offer of body.data.legs[0].offers as FlightOffer[]) {
      expect(offer.price.per_passenger.every((p) => p.tourism_service_fee === 0)).toBe(true);
    }
  });

  it('reaches London from Kathmandu through a hub with a valid connection', async () => {
    const { status, body } = await search({ ...oneWay(), dest_code: 'LHR', nationality_code: 'GB' });
    expect(status).toBe(200);
    const offers: FlightOffer[] = body.data.legs[0].offers;
    expect(offers.length).toBeGreaterThan(0);
    const hubs = new Set(offers.map((o) => o.segments[0]?.dest_code));
    expect([...hubs].some((hub) => ['DOH', 'DXB', 'KUL', 'DEL', 'BKK'].includes(hub ?? ''))).toBe(true);
    for (const offer of offers) {
      expect(offer.stops).toBe(offer.segments.length - 1);
      expect(offer.segments[0]?.depart_code).toBe('KTM');
      expect(offer.segments.at(-1)?.dest_code).toBe('LHR');
      for (let i = 1; i < offer.segments.length; i++) {
        const previous = offer.segments[i - 1];
        const next = offer.segments[i];
        expect(next?.depart_code).toBe(previous?.dest_code);
        const gap = Date.parse(next?.depart_at ?? '') - Date.parse(previous?.arrive_at ?? '');
        expect(gap).toBeGreaterThanOrEqual(45 * 60_000);
        expect(gap).toBeLessThanOrEqual(24 * 3_600_000);
      }
    }
  });

  it('reaches Sydney, Dallas and Lisbon with one connection', async () => {
    for (const dest of ['SYD', 'DFW', 'LIS']) {
      const { body } = await search({ ...oneWay(), dest_code: dest, depart_date: inDays(2) });
      const offers: FlightOffer[] = body.data.legs[0].offers;
      expect(
        offers.some((o) => o.stops === 1),
        dest,
      ).toBe(true);
    }
  });

  it('answers one legs entry per leg for a round trip and a 3-leg multi-city trip', async () => {
    const round = await search({ ...oneWay(), trip_type: 'roundtrip', return_date: inDays(5) });
    expect(round.status).toBe(200);
    expect(round.body.data.legs.map((l: { depart_code: string }) => l.depart_code)).toEqual(['KTM', 'PKR']);
    expect(round.body.data.legs[1].offers.length).toBeGreaterThan(0);

    const multi = await search({
      trip_type: 'multicity',
      nationality_code: 'NP',
      segments: [
        { depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(1) },
        { depart_code: 'PKR', dest_code: 'JMO', depart_date: inDays(3) },
        { depart_code: 'JMO', dest_code: 'PKR', depart_date: inDays(4) },
      ],
    });
    expect(multi.status).toBe(200);
    expect(multi.body.data.legs).toHaveLength(3);
    for (const leg of multi.body.data.legs) expect(leg.offers.length).toBeGreaterThan(0);
    const jomsom: FlightOffer[] = multi.body.data.legs[1].offers;
    // STOL flights to Jomsom leave at dawn on small aircraft.
    expect(
      jomsom.every((o) => o.segments[0]?.aircraft === 'DHT' && o.segments[0]?.depart_at.slice(11, 13) < '08'),
    ).toBe(true);
  });

  it('sells the Everest mountain flight as KTM→KTM or under the sector code MTN', async () => {
    for (const dest of ['KTM', 'MTN']) {
      const { status, body } = await search(oneWay({ dest_code: dest }));
      expect(status).toBe(200);
      const offers: FlightOffer[] = body.data.legs[0].offers;
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((o) => o.segments[0]?.dest_code === 'KTM' && o.duration_minutes === 60)).toBe(true);
    }
  });

  it('with flexible dates, answers the lowest fare of each day around the date', async () => {
    const { body } = await search(oneWay({ depart_date: inDays(10), flexible_days: 3 }));
    const dates = body.data.legs[0].dates;
    expect(dates.map((d: { date: string }) => d.date)).toEqual([7, 8, 9, 10, 11, 12, 13].map(inDays));
    expect(dates.every((d: { lowest_total: number | null }) => typeof d.lowest_total === 'number')).toBe(
      true,
    );
    const offerDates = new Set(
      (body.data.legs[0].offers as FlightOffer[]).map((o) => o.segments[0]?.depart_at.slice(0, 10)),
    );
    expect(offerDates.size).toBeGreaterThan(1);
  });

  it('filters by cabin', async () => {
    const { body } = await search({ ...oneWay(), dest_code: 'DOH', flight_class: 'business' });
    const offers: FlightOffer[] = body.data.legs[0].offers;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.segments.every((s) => s.cabin === 'business'))).toBe(true);
  });

  it('shows a signed-in agent the commission the agency grants and their own markup, and nobody else any', async () => {
    const { token: agentToken } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
    const agent = await search(oneWay({}), agentToken);
    const agentOffer = agent.body.data.legs[0].offers[0] as FlightOffer;
    expect(agentOffer.price.commission?.percent).toBe(DEMO_GRANTED_COMMISSION_PERCENT);
    // The demo agent's own 5 % is their markup to their client.
    expect(agentOffer.price.agent_markup).toEqual({
      percent: 5,
      amount: Math.round(agentOffer.price.total * 0.05),
      selling_total: agentOffer.price.total + Math.round(agentOffer.price.total * 0.05),
    });
    expect(agentOffer.price.commission?.amount).toBeGreaterThan(0);
    expect(agentOffer.price.commission?.net_total).toBe(
      agentOffer.price.total - (agentOffer.price.commission?.amount ?? 0),
    );

    // Naming yourself an agent earns nothing: the session decides.
    const visitor = await search(oneWay({ user_type: 'agent' }));
    expect(visitor.body.data.legs[0].offers[0].price.commission).toBeNull();
    const { token: customerToken } = await logIn(t, 'customer@sajilo.example', { session: 'bearer' });
    const customer = await search(oneWay({ user_type: 'agent' }), customerToken);
    expect(customer.body.data.legs[0].offers[0].price.commission).toBeNull();
  });

  it('rejects bad searches with 400 naming each field in words a traveller understands', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [oneWay({ depart_code: 'XXX' }), ['depart_code']],
      [oneWay({ dest_code: 'PK' }), ['dest_code']],
      [oneWay({ dest_code: 'PKR', depart_code: 'PKR' }), ['dest_code']],
      [oneWay({ depart_date: '2020-01-01' }), ['depart_date']],
      [oneWay({ depart_date: inDays(400) }), ['depart_date']],
      [oneWay({ depart_date: '2026-02-30' }), ['depart_date']],
      [oneWay({ depart_date: '' }), ['depart_date']],
      [oneWay({ trip_type: 'roundtrip', return_date: '' }), ['return_date']],
      [oneWay({ trip_type: 'roundtrip', depart_date: inDays(5), return_date: inDays(2) }), ['return_date']],
      [oneWay({ adults: 0 }), ['adults']],
      [oneWay({ adults: 6, children: 4 }), ['children']],
      [oneWay({ adults: 10 }), ['adults']],
      [oneWay({ adults: 1, infants: 2 }), ['infants']],
      [oneWay({ adults: -1 }), ['adults']],
      [oneWay({ nationality_code: 'XX' }), ['nationality_code']],
      [oneWay({ nationality_code: 'Nepal' }), ['nationality_code']],
      [oneWay({ trip_type: 'sideways' }), ['trip_type']],
      [oneWay({ flight_class: 'first' }), ['flight_class']],
      [oneWay({ flexible_days: 4 }), ['flexible_days']],
      [
        {
          trip_type: 'multicity',
          segments: [
            { depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(5) },
            { depart_code: 'PKR', dest_code: 'JMO', depart_date: inDays(3) },
          ],
        },
        ['segments.1.depart_date'],
      ],
      [
        {
          trip_type: 'multicity',
          segments: [{ depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(5) }],
        },
        ['segments'],
      ],
      [
        {
          trip_type: 'multicity',
          segments: Array.from({ length: 6 }, () => ({
            depart_code: 'KTM',
            dest_code: 'PKR',
            depart_date: inDays(5),
          })),
        },
        ['segments'],
      ],
      [
        {
          trip_type: 'multicity',
          segments: [
            { depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(1) },
            { depart_code: 'PKR', dest_code: 'ZZZ', depart_date: inDays(3) },
          ],
        },
        ['segments.1.dest_code'],
      ],
      [
        oneWay({ depart_code: 'XXX', depart_date: '2020-01-01', nationality_code: 'XX' }),
        ['depart_code', 'depart_date', 'nationality_code'],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await search(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.data.fields).sort(), JSON.stringify(body)).toEqual([...fields].sort());
      for (const message of Object.values(response.body.data.fields) as string[]) {
        expect(message).toMatch(/^[A-Z]/);
        expect(message).not.toMatch(/expected|invalid_type|Invalid input/i);
      }
    }
  });

  it('never answers hostile input with a 5xx', async () => {
    const hostile: unknown[] = [
      {},
      [],
      { adults: '1e400' },
      { depart_code: { $gt: '' } },
      { segments: 'KTM' },
      { segments: [null] },
      { depart_date: '9999-99-99' },
      { nationality_code: '\u0000\u0000' },
      { flexible_days: 1.5 },
      { residential: 'yes' },
    ];
    for (const payload of hostile) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/b2b/v2/flights/search',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('POST /api/b2b/v2/flights/availability', () => {
  it('confirms an offer at the same price, every time', async () => {
    const { body } = await search(oneWay({ adults: 2, children: 1 }));
    const offer: FlightOffer = body.data.legs[0].offers[0];
    for (let i = 0; i < 2; i++) {
      const checked = await availability([{ id: offer.id, total: offer.price.total }]);
      expect(checked.status).toBe(200);
      expect(checked.body.data.offers[0].offer).toEqual(offer);
      expect(checked.body.data.total).toBe(offer.price.total);
    }
  });

  it('answers PRICE_CHANGED with the old and the new price', async () => {
    const { body } = await search(oneWay());
    const offer: FlightOffer = body.data.legs[0].offers[0];
    const checked = await availability([{ id: offer.id, total: offer.price.total - 100 }]);
    expect(checked.status).toBe(409);
    expect(checked.body.data).toMatchObject({
      code: 'PRICE_CHANGED',
      offer_id: offer.id,
      old_price: { total: offer.price.total - 100, currency: 'NPR' },
      new_price: { total: offer.price.total, currency: 'NPR' },
    });
  });

  it('answers SOLD_OUT once the seats of the class are gone, and the search stops offering them', async () => {
    const { body } = await search(oneWay({ depart_date: inDays(20), adults: 9 }));
    const offer: FlightOffer = body.data.legs[0].offers[0];
    expect(offer.seats_left).toBeLessThan(27);
    const priced = await houseSupplier.price(t.app.db, {
      offerId: offer.id,
      agent: false,
      grantedCommissionPercent: 0,
      notBeforeUtc: Date.now(),
    });
    if (priced.status !== 'available') throw new Error('the offer is not available');
    for (let seats = offer.seats_left; seats >= 9; seats -= 9) {
      await holdSeats(houseSupplier, t.app.db, {
        offer: priced.offer,
        expiresAt: new Date(Date.now() + 600_000),
      });
    }
    const checked = await availability([{ id: offer.id, total: offer.price.total }]);
    expect(checked.status).toBe(409);
    expect(checked.body.data.code).toBe('SOLD_OUT');
    const again = await search(oneWay({ depart_date: inDays(20), adults: 9 }));
    expect((again.body.data.legs[0].offers as FlightOffer[]).map((o) => o.id)).not.toContain(offer.id);
  });

  it('rejects an offer id it did not make, and a flight that has left', async () => {
    const bad = await availability([{ id: 'house~nonsense' }]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(['offers.0.id']);
    const past = await availability([
      { id: `house~U4.601.KTM.PKR.${inDays(-2).replaceAll('-', '')}.Y~1.0.0~npr` },
    ]);
    expect(past.status).toBe(410);
    expect(past.body.data.code).toBe('OFFER_EXPIRED');
    const empty = await availability([]);
    expect(empty.status).toBe(400);
  });
});

describe('GET /api/b2b/v2/flights/calendar', () => {
  it('answers the lowest fare of every day of the month, null before today', async () => {
    const month = inDays(40).slice(0, 7);
    const response = await t.app.inject({
      url: `/api/b2b/v2/flights/calendar?depart_code=KTM&dest_code=PKR&month=${month}`,
    });
    expect(response.statusCode).toBe(200);
    const { days, currency } = response.json().data;
    expect(currency).toBe('NPR');
    expect(days[0].date).toBe(`${month}-01`);
    expect(
      days.every((d: { lowest_total: number | null }) => d.lowest_total === null || d.lowest_total > 0),
    ).toBe(true);
    expect(
      days.filter((d: { lowest_total: number | null }) => d.lowest_total !== null).length,
    ).toBeGreaterThan(20);
    const old = await t.app.inject({
      url: '/api/b2b/v2/flights/calendar?depart_code=KTM&dest_code=PKR&month=2020-01',
    });
    expect(old.json().data.days.every((d: { lowest_total: number | null }) => d.lowest_total === null)).toBe(
      true,
    );
  });

  it('rejects bad calendar queries naming the field', async () => {
    for (const [query, field] of [
      ['depart_code=KTM&dest_code=PKR&month=2026-13', 'month'],
      ['depart_code=KTM&dest_code=XXX&month=2026-05', 'dest_code'],
      ['depart_code=PKR&dest_code=PKR&month=2026-05', 'dest_code'],
      ['dest_code=PKR&month=2026-05', 'depart_code'],
    ] as const) {
      const response = await t.app.inject({ url: `/api/b2b/v2/flights/calendar?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().data.fields), query).toEqual([field]);
    }
  });
});
