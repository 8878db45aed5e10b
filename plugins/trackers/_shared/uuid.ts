/**
 * Random ids for events, batches and reports: RFC 4122 version 4 uuids from the platform's crypto
 * (crypto.randomUUID needs a secure context, so getRandomValues is the fallback, Math.random the last).
 */
export const uuid = (win?: { crypto?: Crypto }): string => {
  const crypto = win?.crypto ?? globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto?.getRandomValues ? crypto.getRandomValues(new Uint8Array(16)) : Uint8Array.from({ length: 16 }, () => Math.random() * 256);
  bytes[6] = (bytes[6] & 15) | 64;
  bytes[8] = (bytes[8] & 63) | 128;
  return Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1))
    .join('')
    .replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
};
