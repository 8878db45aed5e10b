/**
 * MurmurHash3 x86 32-bit over the UTF-8 bytes of a string (ruling 1). Our own implementation, kept
 * byte-compatible with the hash of Optimizely's open SDKs so that migrated visitors keep their variations.
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

let encoder: TextEncoder | undefined;

/**
 * The UTF-8 bytes of `text` as a "binary string" (one char per byte). ASCII text is returned as is, which
 * is the fast path: no allocation. Other text goes through `TextEncoder` (lone surrogates become U+FFFD).
 */
export const utf8 = (text: string): string => {
  let i = 0;
  const n = text.length;
  while (i < n && text.charCodeAt(i) < 128) i++;
  if (i === n) return text;
  let out = '';
  for (const byte of (encoder ??= new TextEncoder()).encode(text)) out += String.fromCharCode(byte);
  return out;
};

/** One 4-byte block into the running hash. */
const block = (h: number, k: number): number => {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, C2);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
};

/** The last 1-3 bytes (`k`, already packed little-endian), then the length, then the avalanche. */
const finish = (h: number, k: number, tail: number, len: number): number => {
  if (tail) {
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, C2);
  }
  h ^= len;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** MurmurHash3 x86 32 of `key` (hashed over its UTF-8 bytes) with `seed`; returns an unsigned 32-bit integer. */
export const murmur3 = (key: string, seed = 1): number => {
  const bytes = utf8(key);
  const len = bytes.length;
  const tail = len & 3;
  const end = len - tail;
  let h = seed | 0;
  let i = 0;
  for (; i < end; i += 4) {
    h = block(
      h,
      (bytes.charCodeAt(i) & 0xff) | ((bytes.charCodeAt(i + 1) & 0xff) << 8) | ((bytes.charCodeAt(i + 2) & 0xff) << 16) | ((bytes.charCodeAt(i + 3) & 0xff) << 24),
    );
  }
  let k = 0;
  if (tail) {
    k = bytes.charCodeAt(i) & 0xff;
    if (tail > 1) k ^= (bytes.charCodeAt(i + 1) & 0xff) << 8;
    if (tail > 2) k ^= (bytes.charCodeAt(i + 2) & 0xff) << 16;
  }
  return finish(h, k, tail, len);
};

// The hash state after the last head, reused while the same head comes back (one visitor, many draws).
let lastHead: string | undefined;
let lastSeed = 0;
let headH = 0;
let headK = 0;
let headN = 0;
let headSeen = 0;

/**
 * `murmur3(head + tail, seed)` without building the joined string (joining makes a cons string that the
 * hash would flatten: an allocation and a copy per draw). ASCII keys are walked in place; a key with any
 * other character is joined and hashed over its UTF-8 bytes by `murmur3`, so the result is always the same.
 * The state after `head` is kept for the next call with the same head and seed: one visitor's draws
 * (every layer, holdbacks) share their bucketing id, so only the entity id is hashed again.
 */
export const murmur3Of = (head: string, tail: string, seed = 1): number => {
  const headLength = head.length;
  const tailLength = tail.length;
  let h: number, k: number, n: number, seen: number;
  let c0: number, c1: number, c2: number, c3: number;
  if (head === lastHead && seed === lastSeed) {
    h = headH;
    k = headK;
    n = headN;
    seen = headSeen;
  } else {
    seen = 0;
    h = seed | 0;
    let i = 0;
    const headEnd = headLength & ~3;
    for (; i < headEnd; i += 4) {
      c0 = head.charCodeAt(i);
      c1 = head.charCodeAt(i + 1);
      c2 = head.charCodeAt(i + 2);
      c3 = head.charCodeAt(i + 3);
      seen |= c0 | c1 | c2 | c3;
      h = block(h, c0 | (c1 << 8) | (c2 << 16) | (c3 << 24));
    }
    k = 0;
    n = 0;
    for (; i < headLength; i++, n += 8) {
      c0 = head.charCodeAt(i);
      seen |= c0;
      k |= c0 << n;
    }
    lastHead = head;
    lastSeed = seed;
    headH = h;
    headK = k;
    headN = n;
    headSeen = seen;
  }
  let j = 0;
  if (n) {
    for (; n < 32 && j < tailLength; j++, n += 8) {
      c0 = tail.charCodeAt(j);
      seen |= c0;
      k |= c0 << n;
    }
    if (n === 32) {
      h = block(h, k);
      k = n = 0;
    }
  }
  const tailEnd = j + ((tailLength - j) & ~3);
  for (; j < tailEnd; j += 4) {
    c0 = tail.charCodeAt(j);
    c1 = tail.charCodeAt(j + 1);
    c2 = tail.charCodeAt(j + 2);
    c3 = tail.charCodeAt(j + 3);
    seen |= c0 | c1 | c2 | c3;
    h = block(h, c0 | (c1 << 8) | (c2 << 16) | (c3 << 24));
  }
  for (; j < tailLength; j++, n += 8) {
    c0 = tail.charCodeAt(j);
    seen |= c0;
    k |= c0 << n;
  }
  if (seen > 127) return murmur3(head + tail, seed);
  return finish(h, k, n, headLength + tailLength);
};
