import { describe, expect, it } from 'vitest';
import { cellText, isForeign, parseSheet, rowToCard, safeUrl, type CardRecord } from '../../../../plugins/widgets/_shared/sheet';
import { SHEET_ANSWERS, SHEET_PREFIX, wrapSheet } from '../../../../services/routes/sheets';

const options = { base: 'https://www.vendor.example/fr-fr/', vendorDomain: 'vendor.example', maxCards: 12 };
const cards = (body: string) => {
  const result = parseSheet(body, options);
  if ('problem' in result) throw Error(result.problem);
  return result.cards;
};

/** An answer as the real service sends it: dates as Date(...) values with formatted text, numbers, nulls. */
const RECORDED = `${SHEET_PREFIX}{"version":"0.6","reqId":"0","status":"ok","sig":"2018331906","table":{"cols":[{"id":"A","label":"link","type":"string"},{"id":"B","label":"image","type":"string"},{"id":"C","label":"eyebrow","type":"string"},{"id":"D","label":"title","type":"string"},{"id":"E","label":"date","type":"date","pattern":"M/d/yyyy"},{"id":"F","label":"video","type":"string"},{"id":"G","label":"description","type":"string"},{"id":"H","label":"ctaText","type":"string"}],"rows":[{"c":[{"v":"https://www.vendor.example/events/local-paris"},{"v":"https://cdn.vendor.example/img/paris.png"},{"v":"Event"},{"v":"Local Paris"},{"v":"Date(2027,5,4)","f":"6/4/2027"},null,{"v":"A day of talks."},{"v":"Register"}]},{"c":[{"v":"/webinars/42"},null,null,{"v":42},null,null,{"v":"Numbers are text."},{"v":"Watch"}]}],"parsedNumHeaders":1}});`;

describe('spreadsheet answers (WID-86..90)', () => {
  it('WID-87 WID-88 WID-80 a recorded answer: wrapper removed, columns by position, formatted dates, numbers as text', () => {
    const [paris, webinar] = cards(RECORDED);
    expect(paris).toEqual<CardRecord>({
      link: 'https://www.vendor.example/events/local-paris',
      image: 'https://cdn.vendor.example/img/paris.png',
      eyebrow: 'Event',
      title: 'Local Paris',
      date: '6/4/2027',
      video: '',
      description: 'A day of talks.',
      ctaText: 'Register',
      newTab: false,
    });
    expect(webinar).toMatchObject({ link: 'https://www.vendor.example/webinars/42', title: '42', eyebrow: '', image: '' });
  });

  it('WID-87 exactly 47 characters before and 2 after are removed', () => {
    const body = wrapSheet('{"table":{"rows":[{"c":[{"v":"/a"},null,null,{"v":"T"}]}]}}');
    expect(cards(body)).toHaveLength(1);
    // One character more or less in the wrapper breaks the JSON, and is reported, not thrown.
    expect(parseSheet(`x${body}`, options)).toEqual({ problem: 'the answer is not JSON in the expected wrapper' });
    expect(parseSheet(body.slice(1), options)).toEqual({ problem: 'the answer is not JSON in the expected wrapper' });
  });

  it('WID-88 the stand-in service\'s realistic sheet gives its six cards', () => {
    const list = cards(SHEET_ANSWERS['homepage-events']());
    expect(list.map((card) => card.title)).toEqual([
      'Build faster with the document model', 'Data Summit Sydney', 'Vector search for AI applications',
      'Real-time analytics without ETL', 'From prototype to production', 'How a payments platform cut latency by 60%',
    ]);
    expect(list[2].video).toBe('https://video.example.org/watch/vector-search-101');
  });

  it('WID-90 a link opens in a new tab when it is not on the vendor\'s domain (subdomains are the vendor\'s)', () => {
    expect(isForeign('https://events.example.org/x', 'vendor.example', options.base)).toBe(true);
    expect(isForeign('https://www.vendor.example/x', 'vendor.example', options.base)).toBe(false);
    expect(isForeign('/relative', 'vendor.example', options.base)).toBe(false);
    expect(isForeign('https://vendor.example.evil.test/x', 'vendor.example', options.base)).toBe(true);
    // A look-alike host ending with the domain's letters is not a subdomain: fails when the test is
    // `host.endsWith(domain)` without the dot.
    expect(isForeign('https://notvendor.example/x', 'vendor.example', options.base)).toBe(true);
    expect(isForeign('https://www.notvendor.example/x', '', options.base)).toBe(true);
    // No configured domain: the page's own host is the vendor's.
    expect(isForeign('https://www.vendor.example/x', '', options.base)).toBe(false);
    expect(isForeign('https://other.test/', '', options.base)).toBe(true);
    const [local, sydney] = cards(SHEET_ANSWERS['homepage-events']());
    expect([local.newTab, sydney.newTab]).toEqual([false, true]);
  });

  it('WID-86 hostile text stays text: markup is kept as characters for textContent, never interpreted here', () => {
    const [safe] = cards(SHEET_ANSWERS.hostile());
    expect(safe.title).toBe('Relative link &amp; <i>entities</i>');
    expect(cellText('<script>x</script>  two\n\nlines ')).toBe('<script>x</script> two lines');
    expect(cellText({ toString: () => '<b>object</b>' })).toBe('');
    expect(cellText('x'.repeat(1000))).toHaveLength(280);
    // Bidi overrides (text that reads backwards) and control characters are removed.
    expect(cellText('and \u202ebidi\u202c \u2067x\u2069\u0000!')).toBe('and bidi x!');
  });

  it('WID-86 only http(s) and relative links survive: javascript:, data:, vbscript:, hidden schemes are dropped', () => {
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java\nscript:x', 'data:text/html,<script>1</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'http://[bad', '']) {
      expect(safeUrl(bad, options.base), bad).toBe('');
    }
    expect(safeUrl('/events/x', options.base)).toBe('https://www.vendor.example/events/x');
    expect(safeUrl('events/x', options.base)).toBe('https://www.vendor.example/fr-fr/events/x');
    expect(safeUrl('//cdn.vendor.example/a.png', options.base)).toBe('https://cdn.vendor.example/a.png');
    const list = cards(SHEET_ANSWERS.hostile());
    expect(list.map((card) => card.title)).toEqual(['Relative link &amp; <i>entities</i>', 'Absolute https link']);
    for (const card of list) for (const url of [card.link, card.image, card.video]) expect(url === '' || /^https?:/.test(url)).toBe(true);
    // A hostile image on an otherwise safe row is dropped, not the row.
    expect(rowToCard([{ v: '/ok' }, { v: 'javascript:x' }, null, { v: 'Title' }], options)?.image).toBe('');
  });

  it('WID-86 markup in an image cell\'s formatted value never becomes an address: the value is used, or nothing', () => {
    const options = { base: 'https://site.example/events', vendorDomain: '', maxCards: 9 };
    const row = (image: unknown) => [{ v: 'https://site.example/a' }, image, null, { v: 'Title' }];
    expect(rowToCard(row({ v: 'https://cdn.example/i.png', f: '<img src="https://cdn.example/i.png">' }), options)?.image).toBe('https://cdn.example/i.png');
    for (const image of [{ f: '<img src="https://cdn.example/i.png">' }, { v: '<img src=x>' }, { v: 'not an address' }, { v: '"/x.png"' }]) {
      expect(rowToCard(row(image), options)?.image).toBe('');
    }
    expect(rowToCard(row({ v: '/images/i.png' }), options)?.image).toBe('https://site.example/images/i.png');
  });

  it('WID-86 empty rows, null cells and rows without a link are skipped', () => {
    const result = parseSheet(SHEET_ANSWERS['empty-rows'](), options);
    expect(result).toMatchObject({ skipped: 3 });
    expect(cards(SHEET_ANSWERS['empty-rows']()).map((card) => card.title)).toEqual(['Build faster with the document model', 'Data Summit Sydney']);
    expect(cards(wrapSheet('{"table":{"rows":[null,{"c":null},{"c":"x"},{},{"c":[null,null,null,null]}]}}'))).toEqual([]);
  });

  it('WID-86 bad answers are problems, never throws: malformed, truncated, not a table, empty, not text', () => {
    expect(parseSheet(SHEET_ANSWERS.malformed(), options)).toHaveProperty('problem');
    expect(parseSheet(SHEET_ANSWERS.truncated(), options)).toHaveProperty('problem');
    expect(parseSheet(SHEET_ANSWERS['not-a-table'](), options)).toEqual({ problem: 'the answer has no table rows' });
    expect(parseSheet('', options)).toEqual({ problem: 'the answer is empty' });
    expect(parseSheet(wrapSheet('null'), options)).toEqual({ problem: 'the answer has no table rows' });
    expect(parseSheet(undefined as unknown as string, options)).toEqual({ problem: 'the answer is empty' });
  });

  it('WID-86 card text up to 280 characters is shown whole; longer text ends in an ellipsis at 280', () => {
    const longest = 'x'.repeat(280);
    expect(cellText(longest)).toBe(longest);
    expect(cellText(`${longest}y`)).toBe(`${'x'.repeat(279)}…`);
  });

  it('WID-86 an address cell written with spaces around it still links; a blank or missing one links nowhere', () => {
    const options = { base: 'https://site.example/events/', vendorDomain: '', maxCards: 9 };
    const card = (link: unknown) => rowToCard([link, null, null, { v: 'Title' }], options);
    expect(card({ v: '  https://site.example/a  ' })?.link).toBe('https://site.example/a');
    // A cell with only formatted text: its text is the address.
    expect(card({ f: ' /webinars/7 ' })?.link).toBe('https://site.example/webinars/7');
    // A blank address is no address (not the page itself); neither is a value that is not text.
    expect(card({ v: '   ' })).toBeUndefined();
    expect(safeUrl('   ', options.base)).toBe('');
    for (const value of [undefined, null, 42, { href: '/x' }]) expect(safeUrl(value, options.base)).toBe('');
  });

  it('WID-90 a vendor domain written with leading dots (".vendor.example") counts as the domain itself', () => {
    for (const domain of ['.vendor.example', '..vendor.example', 'VENDOR.example']) {
      expect(isForeign('https://www.vendor.example/x', domain, options.base), domain).toBe(false);
      expect(isForeign('https://vendor.example/x', domain, options.base), domain).toBe(false);
      expect(isForeign('https://other.example/x', domain, options.base), domain).toBe(true);
    }
  });

  it('WID-90 a link whose host cannot be read opens in a new tab, as a foreign one does', () => {
    expect(isForeign('https://exa mple.com/x', 'vendor.example', options.base)).toBe(true);
  });

  it('WID-87 an answer no longer than the wrapper (47 + 2 characters) is empty, not malformed', () => {
    const wrapperOnly = `${'x'.repeat(47)});`;
    expect(wrapperOnly).toHaveLength(49);
    expect(parseSheet(wrapperOnly, options)).toEqual({ problem: 'the answer is empty' });
    expect(parseSheet(wrapperOnly.slice(3), options)).toEqual({ problem: 'the answer is empty' });
    expect(parseSheet(`${'x'.repeat(47)}1);`, options)).toEqual({ problem: 'the answer has no table rows' });
  });

  it('WID-86 at most maxCards cards are kept from a long sheet', () => {
    const result = parseSheet(SHEET_ANSWERS.oversized(), { ...options, maxCards: 10 });
    expect('cards' in result && result.cards).toHaveLength(10);
  });
});
