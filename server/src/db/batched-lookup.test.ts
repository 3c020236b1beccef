import { describe, expect, it } from 'vitest';
import { BatchedLookup } from './batched-lookup';

describe('BatchedLookup', () => {
  it('answers keys asked for together from one read, and keys asked for meanwhile from the next', async () => {
    const reads: string[][] = [];
    let release: () => void = () => {};
    const lookup = new BatchedLookup<string, string>(async (keys) => {
      reads.push(keys);
      if (reads.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const first = lookup.load('a');
    const waiting = [lookup.load('b'), lookup.load('b'), lookup.load('missing'), lookup.load('c')];
    expect(reads).toEqual([['a']]);
    release();
    expect(await first).toBe('A');
    expect(await Promise.all(waiting)).toEqual(['B', 'B', undefined, 'C']);
    expect(reads).toEqual([['a'], ['b', 'missing', 'c']]);
  });

  it('reads again for every new request: nothing is cached', async () => {
    let value = 'old';
    const lookup = new BatchedLookup<string, string>(async (keys) => new Map(keys.map((k) => [k, value])));
    expect(await lookup.load('k')).toBe('old');
    value = 'new';
    expect(await lookup.load('k')).toBe('new');
  });

  it('fails the look-ups of a failed read, and reads the next ones again', async () => {
    let fail = true;
    const lookup = new BatchedLookup<string, string>(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, 'ok']));
    });
    await expect(lookup.load('x')).rejects.toThrow('database down');
    fail = false;
    expect(await lookup.load('x')).toBe('ok');
  });
});
