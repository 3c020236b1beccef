import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duffel, DuffelError } from '@duffel/api';
import type { OrderChange } from '@duffel/api/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { utcToLocal } from '#shared/time/zoned';
import { verifyDuffelSignature } from '../../domain/suppliers/verify-duffel-signature';
import { PUBLISHED_CHANGE_OFFER } from '../../test/duffel-published-examples';
import { type DuffelSandbox, NO_FAULTS, startDuffelSandbox } from './duffel-sandbox';

type DuffelApiError = InstanceType<typeof DuffelError>;

let sandbox: DuffelSandbox;
let duffel: Duffel;
const date = utcToLocal(Date.now() + 30 * 86_400_000, 'Asia/Kathmandu').date;

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  duffel = new Duffel({ token: 'duffel_test_standin', basePath: sandbox.url });
});
afterAll(() => sandbox.close());
beforeEach(() => Object.assign(sandbox.faults, NO_FAULTS));

async function search(destination: string, passengers = [{ type: 'adult' as const }]) {
  const { data } = await duffel.offerRequests.create({
    slices: [{ origin: 'KTM', destination, departure_date: date, arrival_time: null, departure_time: null }],
    passengers,
    cabin_class: 'economy',
    return_offers: true,
  });
  return data;
}

const passengerDetails = (id: string) => ({
  id,
  title: 'mr' as const,
  gender: 'm' as const,
  given_name: 'Ram',
  family_name: 'Thapa',
  born_on: '1990-04-12',
  email: 'ram@example.com',
  phone_number: '+9779841000000',
  identity_documents: [
    {
      type: 'passport' as const,
      unique_identifier: 'PA1234567',
      issuing_country_code: 'NP',
      expires_on: '2031-01-01',
    },
  ],
});

describe('the Duffel stand-in, driven by @duffel/api', () => {
  it("answers an offer request for KTM→LHR with connections in local times and each airport's zone", async () => {
    const request = await search('LHR', [{ type: 'adult' }, { age: 8 } as never]);
    expect(request.offers.length).toBeGreaterThan(0);
    expect(request.passengers).toHaveLength(2);
    const offer = request.offers[0];
    if (!offer) throw new Error('no offer');
    const [first, second] = offer.slices[0]?.segments ?? [];
    expect(first?.origin.iata_code).toBe('KTM');
    expect(first?.origin.time_zone).toBe('Asia/Kathmandu');
    expect(second?.destination.time_zone).toBe('Europe/London');
    expect(first?.departing_at).toMatch(new RegExp(`^${date}T\\d{2}:\\d{2}:00$`));
    expect(offer.total_currency).toBe('GBP');
    expect(Number(offer.total_amount)).toBeCloseTo(Number(offer.base_amount) + Number(offer.tax_amount), 2);
    expect(offer.passengers.map((p) => p.id).sort()).toEqual(request.passengers.map((p) => p.id).sort());
    expect(offer.passengers.map((p) => p.type).sort()).toEqual(['adult', 'child']);
    expect(offer.passenger_identity_documents_required).toBe(true);
    expect(offer.payment_requirements.requires_instant_payment).toBe(false);
    expect(offer.conditions.change_before_departure?.allowed).toBe(true);
    expect(request.offers.some((o) => o.conditions.refund_before_departure?.allowed === false)).toBe(true);
    for (const destination of ['DXB', 'DOH', 'KUL', 'ICN', 'DEL', 'BKK', 'SYD'])
      expect((await search(destination)).offers.length, destination).toBeGreaterThan(0);
  });

  it('re-prices an offer when asked again, and calls an expired one no longer available', async () => {
    const [offer] = (await search('DOH')).offers;
    if (!offer) throw new Error('no offer');
    sandbox.faults.priceIncreaseMinor = 1_250;
    const again = (await duffel.offers.get(offer.id)).data;
    expect(Number(again.total_amount) - Number(offer.total_amount)).toBeCloseTo(12.5, 2);
    sandbox.faults.expireOffers = true;
    const error = await duffel.offers.get(offer.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuffelError);
    expect((error as DuffelApiError).meta.status).toBe(422);
    expect((error as DuffelApiError).errors[0]?.code).toBe('offer_no_longer_available');
  });

  it('holds an order, takes a balance payment, issues e-tickets and cancels through a confirmed quote', async () => {
    const offer = (await search('DOH')).offers.find((o) => !o.payment_requirements.requires_instant_payment);
    if (!offer) throw new Error('no holdable offer');
    const passengerId = offer.passengers[0]?.id as string;
    const order = (
      await duffel.orders.create({
        selected_offers: [offer.id],
        type: 'hold' as never,
        passengers: [passengerDetails(passengerId)],
      })
    ).data;
    expect(order.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.payment_status.awaiting_payment).toBe(true);
    expect(order.documents).toEqual([]);
    await duffel.payments.create({
      order_id: order.id,
      payment: { type: 'balance', amount: order.total_amount, currency: order.total_currency },
    });
    const paid = (await duffel.orders.get(order.id)).data;
    expect(paid.documents?.[0]).toMatchObject({ type: 'electronic_ticket', passenger_ids: [passengerId] });
    expect(paid.documents?.[0]?.unique_identifier).toMatch(/^157\d{10}$/);
    const quote = (await duffel.orderCancellations.create({ order_id: order.id })).data;
    expect(quote.confirmed_at).toBeNull();
    expect(quote.refund_currency).toBe(order.total_currency);
    const confirmed = (await duffel.orderCancellations.confirm(quote.id)).data;
    expect(confirmed.confirmed_at).not.toBeNull();
    expect((await duffel.orders.get(order.id)).data.cancelled_at).not.toBeNull();
  });

  it('refuses to hold an offer that needs instant payment, and wants passports when the offer says so', async () => {
    const offer = (await search('DXB')).offers.find((o) => o.owner.iata_code === 'FZ');
    if (!offer) throw new Error('no flydubai offer');
    expect(offer.payment_requirements.requires_instant_payment).toBe(true);
    const passengerId = offer.passengers[0]?.id as string;
    const held = await duffel.orders
      .create({
        selected_offers: [offer.id],
        type: 'hold' as never,
        passengers: [passengerDetails(passengerId)],
      })
      .catch((e: unknown) => e as DuffelApiError);
    expect((held as DuffelApiError).errors[0]?.code).toBe('unsupported_order_type');
    const { identity_documents: _none, ...withoutPassport } = passengerDetails(passengerId);
    const noPassport = await duffel.orders
      .create({
        selected_offers: [offer.id],
        type: 'instant',
        passengers: [withoutPassport],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      })
      .catch((e: unknown) => e as DuffelApiError);
    expect(
      ((noPassport as DuffelApiError).errors[0] as { source?: unknown } | undefined)?.source,
    ).toMatchObject({
      field: 'passengers.0.identity_documents',
    });
    const instant = await duffel.orders.create({
      selected_offers: [offer.id],
      type: 'instant',
      passengers: [passengerDetails(passengerId)],
      payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
    });
    expect(instant.data.documents).toHaveLength(1);
    const last = sandbox.received.at(-1);
    expect(last?.headers['duffel-version']).toBe('v2');
    expect(last?.headers.authorization).toBe('Bearer duffel_test_standin');
  });

  it("answers faults in Duffel's error envelope", async () => {
    sandbox.faults.failStatus = 503;
    const error = (await search('KUL').catch((e: unknown) => e)) as DuffelApiError;
    expect(error).toBeInstanceOf(DuffelError);
    expect(error.meta).toMatchObject({ status: 503 });
    expect(error.meta.request_id).toMatch(/^[0-9a-f]{20}$/);
    expect(error.errors[0]).toMatchObject({ type: 'api_error', code: 'internal_server_error' });
  });

  it('plays an airline changing an order: the change is listed, accepted once, and its event is sent signed as Duffel signs', async () => {
    const request = await search('DXB');
    const offer = request.offers.find((o) => !o.passenger_identity_documents_required) ?? request.offers[0];
    if (!offer) throw new Error('no offer to Dubai');
    const order = (
      await duffel.orders.create({
        selected_offers: [offer.id],
        type: 'instant',
        passengers: [passengerDetails(offer.passengers[0]?.id ?? '')],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      })
    ).data;
    const departed = order.slices[0]?.segments[0]?.departing_at ?? '';
    const event = sandbox.changeSchedule(order.id, { delayMinutes: 60 });
    expect(event).toMatchObject({ type: 'order.airline_initiated_change_detected', api_version: 'v2' });
    const listed = (await duffel.airlineInitiatedChanges.list(order.id)).data ?? [];
    expect(listed.map((c) => c.id)).toEqual([event.data.object.id]);
    expect(listed[0]?.removed[0]?.segments[0]?.departing_at).toBe(departed);
    expect(listed[0]?.added[0]?.segments[0]?.departing_at).not.toBe(departed);
    const accepted = (await duffel.airlineInitiatedChanges.accept(listed[0]?.id ?? '')).data;
    expect(accepted.action_taken).toBe('accepted');
    const again = await duffel.airlineInitiatedChanges
      .accept(listed[0]?.id ?? '')
      .catch((e: unknown) => e as DuffelApiError);
    expect((again as DuffelApiError).errors[0]?.code).toBe('already_actioned');

    // A receiver sees the body and X-Duffel-Signature Duffel would send.
    const got: { body: string; signature: string | undefined }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        got.push({ body, signature: req.headers['x-duffel-signature'] as string | undefined });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const sent = await sandbox.sendWebhook(`http://127.0.0.1:${port}/hooks`, 'a_secret', event);
      expect(sent.status).toBe(200);
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]?.body ?? '')).toEqual(event);
      expect(verifyDuffelSignature(got[0]?.body ?? '', got[0]?.signature, 'a_secret')).toBe(true);
      expect(verifyDuffelSignature(got[0]?.body ?? '', got[0]?.signature, 'another')).toBe(false);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

const PUBLISHED_CHANGE_REQUEST_FIELDS = ['id', 'live_mode', 'order_change_offers', 'order_id', 'slices'];

describe('order changes at the stand-in (guide "Changing an order")', () => {
  async function paidOrder() {
    const offer = (await search('DOH')).offers.find(
      (o) => o.slices[0]?.fare_brand_name === 'Economy Classic',
    );
    if (!offer) throw new Error('no Economy Classic offer to Doha');
    const order = (
      await duffel.orders.create({
        selected_offers: [offer.id],
        type: 'instant',
        passengers: [passengerDetails(offer.passengers[0]?.id as string)],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      })
    ).data;
    return order;
  }
  const later = utcToLocal(Date.now() + 33 * 86_400_000, 'Asia/Kathmandu').date;
  const changeRequest = async (orderId: string, sliceId: string) =>
    (
      await duffel.orderChangeRequests.create({
        order_id: orderId,
        slices: {
          remove: [{ slice_id: sliceId }],
          add: [{ origin: 'KTM', destination: 'DOH', departure_date: later, cabin_class: 'economy' }],
        },
      })
    ).data;

  it('answers a change request with offers in the published shape, listed by request, and confirms a paid change', async () => {
    const order = await paidOrder();
    const slice = order.slices[0];
    if (!slice) throw new Error('no slice');
    const request = await changeRequest(order.id, slice.id);
    for (const field of PUBLISHED_CHANGE_REQUEST_FIELDS) expect(request).toHaveProperty(field);
    expect(request.order_change_offers.length).toBeGreaterThan(0);
    const listed = (await duffel.orderChangeOffers.list({ order_change_request_id: request.id } as never))
      .data;
    expect(listed.map((o) => o.id)).toEqual(request.order_change_offers.map((o) => o.id));
    const offer = listed[0];
    if (!offer) throw new Error('no change offer');
    for (const field of Object.keys(PUBLISHED_CHANGE_OFFER)) expect(offer).toHaveProperty(field);
    expect(offer.slices.remove[0]?.id).toBe(slice.id);
    expect(offer.slices.add[0]?.segments[0]?.departing_at.slice(0, 10)).toBe(later);
    // Economy Classic: GBP 50 penalty per passenger, plus the new fare less the one paid.
    expect(offer.penalty_amount).toBe('50.00');
    const pence = (amount: string | null) => Math.round(Number(amount) * 100);
    expect(pence(offer.change_total_amount)).toBe(
      pence(offer.penalty_amount) + pence(offer.new_total_amount) - pence(order.total_amount),
    );

    const pending = (await duffel.orderChanges.create({ selected_order_change_offer: offer.id })).data;
    expect((pending as unknown as OrderChange).confirmed_at).toBeNull();
    // The payment must be the change total.
    const wrong = await duffel.orderChanges
      .confirm(pending.id, { payment: { type: 'balance', amount: '0.01', currency: 'GBP' } })
      .catch((error: DuffelApiError) => error);
    expect((wrong as DuffelApiError).errors?.[0]?.code).toBe('price_changed');
    const confirmed = (
      await duffel.orderChanges.confirm(pending.id, {
        payment: {
          type: 'balance',
          amount: pending.change_total_amount as string,
          currency: pending.change_total_currency as string,
        },
      })
    ).data;
    expect((confirmed as unknown as OrderChange).confirmed_at).toBeTruthy();
    const changed = (await duffel.orders.get(order.id)).data;
    expect(changed.slices[0]?.segments[0]?.departing_at.slice(0, 10)).toBe(later);
    expect(changed.total_amount).toBe(offer.new_total_amount);
    const oldTicket = order.documents?.[0]?.unique_identifier;
    expect(changed.documents?.[0]?.unique_identifier).not.toBe(oldTicket);
  });

  it('a confirmation dropped before the change is made: the order change stays pending until its expiry, and Duffel may finish it later, or not once expired', async () => {
    const order = await paidOrder();
    const sliceId = order.slices[0]?.id as string;
    const pendingOf = async () => {
      const current = (await duffel.orders.get(order.id)).data.slices[0]?.id as string;
      const [offer] = (await changeRequest(order.id, current)).order_change_offers;
      if (!offer) throw new Error('no change offer');
      return (await duffel.orderChanges.create({ selected_order_change_offer: offer.id })).data;
    };
    const confirmDropped = async (pending: Awaited<ReturnType<typeof pendingOf>>) => {
      sandbox.faults.changeConfirmDrop = 'before';
      const lost = await duffel.orderChanges
        .confirm(pending.id, {
          payment: {
            type: 'balance',
            amount: pending.change_total_amount as string,
            currency: pending.change_total_currency as string,
          },
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      sandbox.faults.changeConfirmDrop = null;
      expect(lost).toBeTruthy();
    };
    const changeOf = async (id: string) => (await duffel.orderChanges.get(id)).data as unknown as OrderChange;

    // Dropped before it was made: not confirmed, still confirmable until its expires_at.
    const first = await pendingOf();
    await confirmDropped(first);
    const meanwhile = await changeOf(first.id);
    expect(meanwhile.confirmed_at).toBeNull();
    expect(Date.parse(meanwhile.expires_at)).toBeGreaterThan(Date.now());
    expect((await duffel.orders.get(order.id)).data.slices[0]?.id).toBe(sliceId);
    // Duffel finishes it a moment later: confirmed, the order changed.
    sandbox.confirmLostChange(first.id);
    expect((await changeOf(first.id)).confirmed_at).toBeTruthy();
    const changed = (await duffel.orders.get(order.id)).data;
    expect(changed.slices[0]?.segments[0]?.departing_at.slice(0, 10)).toBe(later);

    // Another dropped confirmation, its order change expired: it can no longer be made.
    const second = await pendingOf();
    await confirmDropped(second);
    sandbox.expireOrderChange(second.id);
    const expired = await changeOf(second.id);
    expect(expired.confirmed_at).toBeNull();
    expect(Date.parse(expired.expires_at)).toBeLessThan(Date.now());
    expect(() => sandbox.confirmLostChange(second.id)).toThrow();
    expect((await changeOf(second.id)).confirmed_at).toBeNull();
    expect((await duffel.orders.get(order.id)).data.slices).toEqual(changed.slices);
  });

  it('answers no offers when the airline has none, and refuses an expired change offer', async () => {
    const order = await paidOrder();
    const sliceId = order.slices[0]?.id as string;
    sandbox.faults.noChangeOffers = true;
    expect((await changeRequest(order.id, sliceId)).order_change_offers).toEqual([]);
    sandbox.faults.noChangeOffers = false;
    const [offer] = (await changeRequest(order.id, sliceId)).order_change_offers;
    if (!offer) throw new Error('no change offer');
    sandbox.faults.expireChangeOffers = true;
    const expired = await duffel.orderChanges
      .create({ selected_order_change_offer: offer.id })
      .catch((error: DuffelApiError) => error);
    expect((expired as DuffelApiError).meta?.status).toBe(422);
    expect((expired as DuffelApiError).errors?.[0]?.code).toBe('offer_no_longer_available');
  });
});
