/** A minimal window for provider tests in Node (real-browser reads are covered in tests/browser/audiences). */
export const fakeWindow = (options: { href?: string; referrer?: string; cookie?: string; userAgent?: string; touch?: number; globals?: Record<string, unknown> } = {}): Window => {
  const url = new URL(options.href ?? 'https://www.example.com/');
  return {
    location: { href: url.href, search: url.search, hostname: url.hostname },
    document: { referrer: options.referrer ?? '', cookie: options.cookie ?? '' },
    navigator: { userAgent: options.userAgent ?? '', maxTouchPoints: options.touch ?? 0 },
    ...options.globals,
  } as unknown as Window;
};
