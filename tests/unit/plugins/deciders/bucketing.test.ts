import { describe, expect, it } from 'vitest';
import { bucket, murmur3, murmur3Of, pickRange, rangesOf, utf8 } from '../../../../plugins/deciders/_shared';

/** A straightforward reference: MurmurHash3 x86 32 over TextEncoder bytes, to check our inlined UTF-8 path. */
const reference = (key: string, seed = 1): number => {
  const bytes = new TextEncoder().encode(key);
  let h = seed;
  const mix = (k: number) => {
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    return Math.imul(k, 0x1b873593);
  };
  let i = 0;
  for (; i + 4 <= bytes.length; i += 4) {
    h ^= mix(bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let j = bytes.length - 1; j >= i; j--) k = (k << 8) | bytes[j];
  if (bytes.length & 3) h ^= mix(k);
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

describe('bucketing (rulings 1-3)', () => {
  it('DEC-1 gives the known buckets of Optimizely\'s open SDKs (ppid1/ppid2 with entities 1886780721/1886780722)', () => {
    expect(bucket('ppid1', '1886780721')).toBe(5254);
    expect(bucket('ppid2', '1886780721')).toBe(4299);
    expect(bucket('ppid2', '1886780722')).toBe(2434);
  });

  it('DEC-1 buckets are integers 0..9999 and spread evenly over 10000 points', () => {
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 20000; i++) {
      const value = bucket(`visitor-${i}`, 'exp');
      expect(Number.isInteger(value) && value >= 0 && value < 10000).toBe(true);
      counts[Math.floor(value / 1000)]++;
    }
    for (const count of counts) expect(count).toBeGreaterThan(1800);
  });

  it('DEC-1 hashes the UTF-8 bytes of non-ASCII ids (accents, CJK, emoji, lone surrogates)', () => {
    for (const key of ['héllo', '日本語のID', 'emoji😀id', 'Ωmega-1886780721', 'lone\ud800x', 'mixed ✓ ü 😀 末']) {
      expect(murmur3(key)).toBe(reference(key));
    }
    expect(murmur3('héllo wörld ✓ 😀', 1)).toBe(754580231);
    expect(utf8('é')).toBe('\xc3\xa9');
    expect(utf8('ascii')).toBe('ascii');
    // Different strings with the same UTF-16 length but different bytes land in different buckets.
    expect(bucket('é', 'x')).not.toBe(bucket('e', 'x'));
  });

  it('DEC-1 matches the reference for ASCII keys of every tail length and seed', () => {
    for (let n = 0; n < 12; n++) for (const seed of [0, 1, 42]) expect(murmur3('abcdefghijkl'.slice(0, n), seed)).toBe(reference('abcdefghijkl'.slice(0, n), seed));
  });

  it('DEC-1 hashes bucketing id and entity id as one key without joining them (every split, seeds, non-ASCII)', () => {
    // The known values of Optimizely's SDKs, through the two-part hash.
    expect(Math.floor((murmur3Of('ppid1', '1886780721', 1) / 4294967296) * 10000)).toBe(5254);
    expect(murmur3Of('héllo wörld ✓', ' 😀', 1)).toBe(754580231);
    const keys = ['', 'a', 'ab', 'abc', 'abcd', 'visitor-12345' + '20017', 'ppid21886780722', 'héllo', '日本語のID-7', 'emoji😀id', 'lone\ud800x'];
    for (const key of keys) {
      for (let cut = 0; cut <= key.length; cut++) {
        for (const seed of [0, 1, 42]) {
          const head = key.slice(0, cut);
          const tail = key.slice(cut);
          expect(murmur3Of(head, tail, seed)).toBe(reference(key, seed));
        }
      }
    }
  });

  it('DEC-1 the two-part hash reuses the state of a repeated bucketing id correctly (same id, other entities and seeds)', () => {
    for (const head of ['visitor-1', 'visitor-12', 'visitor-123', 'visitor-1234', 'ü-visitor']) {
      for (const tail of ['', '1', '12', '123', '1234', '12345', 'layerholdback', 'global_holdback', 'ü']) {
        expect(murmur3Of(head, tail, 1)).toBe(reference(head + tail, 1));
        expect(murmur3Of(head, tail, 7)).toBe(reference(head + tail, 7));
      }
      // An equal id in another string object.
      expect(murmur3Of(`${head}`.split('').join(''), 'x', 1)).toBe(reference(head + 'x', 1));
    }
    expect(bucket('ppid2', '1886780721')).toBe(4299);
    expect(bucket('ppid2', '1886780722')).toBe(2434);
    expect(bucket('ppid1', '1886780721')).toBe(5254);
  });

  it('DEC-26 picks the first range whose exclusive endOfRange is above the bucket: 2500/5000/7500/10000 are four quarters', () => {
    const ranges = rangesOf([['a', 2500], ['b', 2500], ['c', 2500], ['d', 2500]]);
    expect(ranges.map((r) => r.endOfRange)).toEqual([2500, 5000, 7500, 10000]);
    expect(pickRange(ranges, 0)).toBe('a');
    expect(pickRange(ranges, 2499)).toBe('a');
    expect(pickRange(ranges, 2500)).toBe('b');
    expect(pickRange(ranges, 7500)).toBe('d');
    expect(pickRange(ranges, 9999)).toBe('d');
    expect(pickRange(rangesOf([['a', 5000]]), 5000)).toBeUndefined();
  });
});
