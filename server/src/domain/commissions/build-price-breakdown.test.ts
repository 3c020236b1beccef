import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdownFor, buildPriceBreakdown } from './build-price-breakdown';

const money = fc.integer({ min: 0, max: 50_000_000 });

/** A booking's price as the engine makes it: the commission never exceeds the price. */
const input = fc
  .record({
    total: money,
    commissionShare: fc.double({ min: 0, max: 1, noNaN: true }),
    masterShare: fc.double({ min: 0, max: 1, noNaN: true }),
    markup: money,
    masterMarkup: money,
    kind: fc.constantFrom('traveller', 'agent', 'sub_agent'),
  })
  .map(({ total, commissionShare, masterShare, markup, masterMarkup, kind }) => {
    const masterCommission = Math.floor(total * masterShare);
    const commission = kind === 'traveller' ? 0 : Math.floor(total * commissionShare);
    return {
      currency: 'NPR',
      total,
      commission,
      markup: kind === 'traveller' ? 0 : markup,
      booker: kind === 'traveller' ? null : { id: 'sub', name: 'Sub Agent' },
      master:
        kind === 'sub_agent'
          ? { id: 'master', name: 'Master Agent', commission: masterCommission }
          : undefined,
      masterMarkup: kind === 'sub_agent' ? masterMarkup : 0,
    };
  });

describe('buildPriceBreakdown', () => {
  it('adds up exactly: the traveller pays the agency’s charge plus every level’s earnings', () => {
    fc.assert(
      fc.property(input, (value) => {
        const b = buildPriceBreakdown(value);
        const earned = b.levels.reduce((sum, level) => sum + level.earns, 0);
        expect(b.traveller_pays).toBe((b.agency_charged ?? Number.NaN) + earned);
        expect(b.traveller_pays).toBe(value.total + value.masterMarkup + value.markup);
        for (const [i, level] of b.levels.entries()) {
          expect(level.earns).toBe(level.charges - level.pays);
          expect(level.earns).toBe(level.commission + level.markup);
          expect(level.earns).toBeGreaterThanOrEqual(0);
          // Each level pays what the one above it charges; the top pays the agency.
          expect(level.pays).toBe(i === 0 ? b.agency_charged : b.levels[i - 1]?.charges);
        }
        expect(b.levels.at(-1)?.charges ?? b.traveller_pays).toBe(b.traveller_pays);
        for (const n of [b.traveller_pays, b.agency_charged, ...b.levels.flatMap((l) => [l.charges, l.pays])])
          expect(Number.isSafeInteger(n)).toBe(true);
      }),
    );
  });

  it('a sub-agent sees their own level and not what the master keeps; the master sees both', () => {
    const b = buildPriceBreakdown({
      currency: 'NPR',
      total: 1_000_000,
      commission: 10_000,
      markup: 50_000,
      booker: { id: 'sub', name: 'Sub' },
      master: { id: 'master', name: 'Master', commission: 30_000 },
    });
    expect(b.agency_charged).toBe(970_000);
    expect(b.levels.map((l) => [l.role, l.earns])).toEqual([
      ['master_agent', 20_000],
      ['sub_agent', 60_000],
    ]);
    const asSub = breakdownFor(b, 'sub');
    expect(asSub.agency_charged).toBeNull();
    expect(asSub.levels.map((l) => l.role)).toEqual(['sub_agent']);
    expect(breakdownFor(b, 'master')).toEqual(b);
    expect(breakdownFor(b, null)).toEqual(b);
  });

  it('a master’s markup on the sub-agent’s price is paid by the sub-agent and earned by the master', () => {
    // Agency price 10,000.00, master granted 300.00, passes 100.00, adds 2 % (200.00); the
    // sub-agent adds 500.00 to their client.
    const b = buildPriceBreakdown({
      currency: 'NPR',
      total: 1_000_000,
      commission: 10_000,
      markup: 50_000,
      booker: { id: 'sub', name: 'Sub' },
      master: { id: 'master', name: 'Master', commission: 30_000 },
      masterMarkup: 20_000,
    });
    expect(b.traveller_pays).toBe(1_070_000);
    expect(b.agency_charged).toBe(970_000);
    expect(b.levels).toEqual([
      expect.objectContaining({
        role: 'master_agent',
        charges: 1_010_000,
        pays: 970_000,
        earns: 40_000,
        commission: 20_000,
        markup: 20_000,
      }),
      expect.objectContaining({
        role: 'sub_agent',
        charges: 1_070_000,
        pays: 1_010_000,
        earns: 60_000,
        commission: 10_000,
        markup: 50_000,
      }),
    ]);
    // The sub-agent's own sums add up: what they pay their master plus what they earn.
    const [own] = breakdownFor(b, 'sub').levels;
    expect((own?.pays ?? 0) + (own?.earns ?? 0)).toBe(b.traveller_pays);
  });
});
