/**
 * `npm run bench:search-digest`: the offers of 1,500 random searches (every fare tier, party
 * sizes up to 9 seats, cabins, sales days from 40 days out to the day itself, advance-purchase
 * ladders, admins' class controls, some of Tikat's own holds) over three synthetic worlds, as
 * one SHA-256 per world of every offer's id, price, seats and segments. A change meant only to
 * make the engine faster must print the same three lines before and after (run it on both
 * versions); `-- --out=FILE` writes one line per search to find the first that differs.
 */

import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import {
  buildOffers,
  flightTests,
  type OfferContext,
} from '../server/src/domain/flights/engine/build-offers';
import { MS_PER_DAY } from '../server/src/domain/flights/engine/calendar';
import { demandSeatsLeft, demandSoldIn } from '../server/src/domain/flights/engine/demand';
import { fareConditions } from '../server/src/domain/flights/engine/fare-conditions';
import { tourismServiceFee } from '../server/src/domain/flights/engine/fare-rules';
import { findItineraries } from '../server/src/domain/flights/engine/find-itineraries';
import type { ClassControl, RouteFare } from '../server/src/domain/flights/engine/flight-network';
import { FlightNetwork } from '../server/src/domain/flights/engine/flight-network';
import type { FareTier } from '../server/src/domain/flights/engine/price-offer';
import {
  buildSyntheticWorld,
  type SyntheticWorldOptions,
  seededRandom,
} from '../server/src/domain/flights/engine/synthetic-world';
import { minConnectionMinutes } from '../server/src/domain/suppliers/house-supplier';
import { optionOf } from './options';

const FIRST_DAY = 20_700;
const lines: string[] = [];

type WorldSize = Pick<SyntheticWorldOptions, 'airports' | 'flightsPerDay' | 'hubShare'>;

function digestWorld(name: string, size: WorldSize, searches: number, ladders: boolean): string {
  const world = buildSyntheticWorld({ ...size, firstDay: FIRST_DAY, days: 3 });
  const fares: RouteFare[] = [];
  const controls: ClassControl[] = [];
  if (ladders) addLaddersAndControls(world.legs, fares, controls);
  const network = new FlightNetwork(world.legs, fares, controls);
  const random = seededRandom(99);
  const pick = () =>
    (random() < 0.5
      ? world.hubs[Math.floor(random() * world.hubs.length)]
      : world.airports[Math.floor(random() * world.airports.length)]) as string;
  const tiers: FareTier[] = ['npr', 'usd', 'residential'];
  const parties = [
    { adults: 1, children: 0, infants: 0 },
    { adults: 2, children: 1, infants: 1 },
    { adults: 6, children: 3, infants: 0 },
  ];
  const cabins = ['', '', 'economy', 'business'] as const;
  const hash = createHash('sha256');
  for (let i = 0; i < searches; i++) {
    const origin = pick();
    let destination = pick();
    while (destination === origin) destination = pick();
    const salesDay = FIRST_DAY - ([40, 5, 1, 0][Math.floor(random() * 4)] as number);
    const held = Math.floor(random() * 3);
    const context: OfferContext = {
      supplier: 'house',
      tier: tiers[Math.floor(random() * 3)] as FareTier,
      passengers: parties[Math.floor(random() * 3)] as OfferContext['passengers'],
      agent: random() < 0.3,
      grantedCommissionPercent: 5,
      cabin: cabins[Math.floor(random() * 4)] as OfferContext['cabin'],
      notBeforeUtc: salesDay * MS_PER_DAY + Math.floor(random() * 24) * 3_600_000,
      // Every fifth schedule has `held` seats held in Tikat (counted as the house supplier does).
      seatsLeft: (flight, classCode) =>
        held > 0 && (flight.leg.id + held) % 5 === 0
          ? Math.max(
              0,
              (flight.leg.seatsByClass[classCode] ?? 0) - held - demandSoldIn(flight, classCode, salesDay),
            )
          : demandSeatsLeft(flight, classCode, salesDay),
    };
    const tests = flightTests(context);
    // Two days with one context, as a flexible-date search does.
    for (const day of [FIRST_DAY + Math.floor(random() * 3), FIRST_DAY + 1]) {
      const itineraries = findItineraries(network, {
        origin,
        destination,
        day,
        maxStops: random() < 0.15 ? 1 : 2,
        ...tests,
        minConnectionMinutes,
      });
      const text = JSON.stringify(
        buildOffers(itineraries, context).map((o) => ({
          id: o.id,
          price: o.price,
          seatsLeft: o.seatsLeft,
          stops: o.stops,
          departUtc: o.departUtc,
          arriveUtc: o.arriveUtc,
          segments: o.segments.map((s) => [s.fare.classCode, s.fare.family, s.seatsLeft, s.fare.baseNpr]),
        })),
      );
      hash.update(text);
      lines.push(
        `${name} ${i} ${origin}-${destination} ${day} ${context.tier} ` +
          createHash('sha1').update(text).digest('hex').slice(0, 12),
      );
    }
  }
  return hash.digest('hex');
}

/** Stored ladders (advance purchase, closed to foreigners, business) and admins' controls. */
function addLaddersAndControls(
  legs: ReturnType<typeof buildSyntheticWorld>['legs'],
  fares: RouteFare[],
  controls: ClassControl[],
) {
  const random = seededRandom(7);
  for (const leg of legs) {
    const fare = (
      classCode: string,
      family: string,
      rank: number,
      baseNpr: number,
      advancePurchaseDays: number,
      openToForeigners: boolean,
      cabin: 'economy' | 'business' = 'economy',
    ): RouteFare => ({
      airlineCode: leg.airlineCode,
      origin: leg.origin,
      destination: leg.destination,
      classCode,
      family,
      cabin,
      rank,
      baseNpr,
      baseUsd: Math.round(baseNpr / 130),
      residentialNpr: Math.round(baseNpr * 1.4),
      fuelSurchargeNpr: 500_00,
      fuelSurchargeUsd: 4_00,
      serviceChargeNpr: 200_00,
      serviceChargeUsd: 2_00,
      vatBasisPoints: 1300,
      openToForeigners,
      baggage: '20 KG',
      refundable: false,
      ...tourismServiceFee(false),
      conditions: fareConditions('ZZ', 'saver', { checked_kg: 20, cabin_kg: 5 }),
      advancePurchaseDays,
    });
    if (leg.id % 3 === 0) {
      leg.seatsByClass = { O: 8, B: 12, A: 30, Y: 20, ...(leg.id % 2 ? { J: 8 } : {}) };
      const base = 3000_00 + Math.floor(random() * 5000_00);
      fares.push(
        fare('O', 'Saver', 1, base, 7, false),
        fare('B', 'Saver', 2, Math.round(base * 1.15), 3, false),
        fare('A', 'Apex', 3, Math.round(base * 1.5), 0, true),
        fare('Y', 'Flex', 4, Math.round(base * 1.9), 0, true),
        fare('J', 'Business', 10, base * 4, 0, true, 'business'),
      );
    }
    if (leg.id % 7 === 0) leg.seatsByClass = { J: 4, Y: 10, M: 3, L: 2 };
    const control = { scheduleId: leg.id, baseNpr: null, baseUsd: null };
    if (leg.id % 11 === 0)
      controls.push({
        ...control,
        classCode: leg.id % 2 ? 'L' : 'O',
        fromDay: FIRST_DAY + 1,
        toDay: FIRST_DAY + 1,
        closed: true,
      });
    if (leg.id % 13 === 0)
      controls.push({
        ...control,
        classCode: 'Y',
        fromDay: FIRST_DAY,
        toDay: FIRST_DAY + 2,
        closed: null,
        baseNpr: 1234_00,
        baseUsd: 10_00,
      });
  }
}

console.log(
  `ladders   ${digestWorld('ladders', { airports: 400, flightsPerDay: 6000, hubShare: 0.03 }, 400, true)}`,
);
console.log(
  `defaults  ${digestWorld('defaults', { airports: 300, flightsPerDay: 3000, hubShare: 0.05 }, 200, false)}`,
);
console.log(
  `bench     ${digestWorld('bench', { airports: 4000, flightsPerDay: 50_000, hubShare: 0.01 }, 150, false)}`,
);
const out = optionOf('out');
if (out) writeFileSync(out, `${lines.join('\n')}\n`);
