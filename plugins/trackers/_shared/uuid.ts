/**
 * Random ids for events, batches and reports: RFC 4122 version 4 uuids from the platform's crypto
 * (crypto.randomUUID needs a secure context, so getRandomValues is the fallback, Math.random the last).
 */
export const uuid = (win?: { crypto?: Crypto }): string => {
  const crypto = win?.crypto ?? globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else bytes.forEach((_, index) => (bytes[index] = (Math.random() * 256) | 0));
  bytes[6] = (bytes[6] & 15) | 64;
  bytes[8] = (bytes[8] & 63) | 128;
  const hex = Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
