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
import { buildOffers, flightTests, type OfferContext } from '../server/src/domain/flight-engine/build-offers';
import { MS_PER_DAY } from '../server/src/domain/flight-engine/calendar';
import { demandSeatsLeft, demandSoldIn } from '../server/src/domain/flight-engine/demand';
import { findItineraries, type ItinerarySummary } from '../server/src/domain/flight-engine/find-itineraries';
import { FlightNetwork } from '../server/src/domain/flight-engine/flight-network';
import type { FareTier } from '../server/src/domain/flight-engine/price-offer';
import {
  addStoredLaddersAndControls,
  buildSyntheticWorld,
  type SyntheticWorldOptions,
  seededRandom,
} from '../server/src/domain/flight-engine/synthetic-world';
import { minConnectionMinutes } from '../server/src/domain/suppliers/house-supplier';
import { optionOf } from './options';

const FIRST_DAY = 20_700;
const lines: string[] = [];

type WorldSize = Pick<SyntheticWorldOptions, 'airports' | 'flightsPerDay' | 'hubShare'>;

function digestWorld(name: string, size: WorldSize, searches: number, ladders: boolean): string {
  const world = buildSyntheticWorld({ ...size, firstDay: FIRST_DAY, days: 3 });
  const { fares, controls } = ladders
    ? addStoredLaddersAndControls(world.legs, FIRST_DAY)
    : { fares: [], controls: [] };
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
      demandOnly: { salesDay, covers: (scheduleId) => !(held > 0 && (scheduleId + held) % 5 === 0) },
    };
    const tests = flightTests(context);
    // Two days with one context, as a flexible-date search does.
    for (const day of [FIRST_DAY + Math.floor(random() * 3), FIRST_DAY + 1]) {
      const summaries: ItinerarySummary[] = [];
      const itineraries = findItineraries(
        network,
        { origin, destination, day, maxStops: random() < 0.15 ? 1 : 2, ...tests, minConnectionMinutes },
        summaries,
      );
      const text = JSON.stringify(
        buildOffers(itineraries, context, undefined, summaries).map((o) => ({
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
