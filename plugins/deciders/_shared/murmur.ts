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

/** MurmurHash3 x86 32 of `key` (hashed over its UTF-8 bytes) with `seed`; returns an unsigned 32-bit integer. */
export const murmur3 = (key: string, seed = 1): number => {
  const bytes = utf8(key);
  const len = bytes.length;
  const tail = len & 3;
  const end = len - tail;
  let h = seed | 0;
  let k: number;
  let i = 0;
  for (; i < end; i += 4) {
    k =
      (bytes.charCodeAt(i) & 0xff) |
      ((bytes.charCodeAt(i + 1) & 0xff) << 8) |
      ((bytes.charCodeAt(i + 2) & 0xff) << 16) |
      ((bytes.charCodeAt(i + 3) & 0xff) << 24);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, C2);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (tail) {
    k = bytes.charCodeAt(i) & 0xff;
    if (tail > 1) k ^= (bytes.charCodeAt(i + 1) & 0xff) << 8;
    if (tail > 2) k ^= (bytes.charCodeAt(i + 2) & 0xff) << 16;
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
