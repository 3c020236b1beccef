/**
 * A small use of the client generated from the OpenAPI document (openapi-typescript into
 * .openapi/schema.d.ts, with openapi-fetch), type-checked by `npm run check:openapi` and never run:
 * if the document stops describing what a partner needs (typed bodies, path, query and header
 * parameters, the error envelope), this stops compiling.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../.openapi/schema';

type ErrorCode = components['schemas']['ErrorEnvelope']['data']['code'];
type HoldRequest = NonNullable<
  paths['/api/b2b/v2/bookings']['post']['requestBody']
>['content']['application/json'];

const tikat = createClient<paths>({ baseUrl: 'https://agency.example/', credentials: 'include' });

/** Searches, holds the cheapest offer once (an idempotency key), and reads the booking back. */
export async function holdCheapest(idempotencyKey: string): Promise<string | ErrorCode> {
  const search = await tikat.POST('/api/b2b/v2/flights/search', {
    body: { trip_type: 'oneway', depart_code: 'KTM', dest_code: 'PKR', depart_date: '2026-12-01', adults: 1 },
  });
  if (search.error) return search.error.data.code;
  const offer = search.data.data.legs[0]?.offers[0];
  if (!offer) return 'SOLD_OUT';
  const hold: HoldRequest = {
    offers: [{ id: offer.id, total: offer.price.total }],
    passengers: [
      {
        type: 'adult',
        title: 'Mr',
        first_name: 'Hari',
        last_name: 'Thapa',
        gender: 'male',
        nationality: 'NP',
      },
    ],
    contact: { name: 'Hari Thapa', email: 'hari@example.com', mobile: '+9779812345678' },
  };
  // @ts-expect-error: a hold needs its Idempotency-Key header
  await tikat.POST('/api/b2b/v2/bookings', { body: hold });
  const held = await tikat.POST('/api/b2b/v2/bookings', {
    params: { header: { 'idempotency-key': idempotencyKey } },
    body: hold,
  });
  if (held.error) return held.error.data.code;
  const booking = await tikat.GET('/api/b2b/v2/bookings/{pnr}', {
    params: { path: { pnr: held.data.data.pnr } },
  });
  return booking.error ? booking.error.data.code : booking.data.data.status;
}

/** Query parameters are typed, enums included. */
export async function salesByRoute() {
  const report = await tikat.GET('/api/b2b/v2/admin/reports', {
    params: { query: { from: '2026-01-01', to: '2026-01-31', groupBy: 'route' } },
  });
  await tikat.GET('/api/b2b/v2/admin/reports', {
    // @ts-expect-error: groupBy is one of day, route, airline, agent
    params: { query: { from: '2026-01-01', to: '2026-01-31', groupBy: 'week' } },
  });
  // @ts-expect-error: there is no such path
  await tikat.GET('/api/b2b/v2/no-such-path');
  return report.data?.data;
}
