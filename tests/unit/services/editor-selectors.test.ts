/**
 * Selectors a browser would refuse are refused at review and publish (issue 36): the reason is given
 * with the selector, the problem is linked to the change's row, and valid selectors of every kind the
 * homepage uses pass.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeProject } from '../../../editor-model/project-codec';
import project from '../../../config/homepage/project';
import { review } from '../../../services/editor/publish';
import { selectorProblems, selectorReason } from '../../../editor-model/selectors';
import { Workspace } from '../../../services/editor/workspace';

const dir = mkdtempSync(join(tmpdir(), 'varia-selectors-'));
const workspace = new Workspace(join(dir, 'editor'), join(dir, 'snippets'));
afterAll(() => workspace.close());

describe('selectors a browser would refuse', () => {
  it('EDT-12 names the reason of each invalid selector and passes the valid ones', () => {
    expect(selectorReason('h1..hero-title[')).toBe('"." at character 3 is not followed by a class name');
    expect(selectorReason('h1.hero-title[')).toBe('a "[" is never closed with "]"');
    expect(selectorReason('nav #')).toBe('"#" at character 5 is not followed by an id name');
    expect(selectorReason('p:not(.a')).toBe('a "(" is never closed with ")"');
    expect(selectorReason('div > > p')).toBe('two combinators (">", "+", "~") follow each other with no element between them');
    expect(selectorReason('#x, ')).toBe('a comma has no selector on one side');
    expect(selectorReason('a]')).toBe('"]" does not belong there');
    expect(selectorReason('  ')).toBe('it is empty');
    for (const valid of ['h1.hero-title', 'nav.top-nav a[data-nav="atlas"]', 'p:nth-of-type(2)', 'section.hero .hero-trust > .hero-trust-block', 'a[href*="gartner"]']) {
      expect(selectorReason(valid), valid).toBeUndefined();
    }
  });

  it('EDT-12 a selector\'s reason for each kind of mistake, wherever it is: a marker first, a bare combinator, a stray character, an unknown complaint in the parser\'s words', () => {
    expect(selectorReason('#')).toBe('"#" at character 1 is not followed by an id name');
    expect(selectorReason('.')).toBe('"." at character 1 is not followed by a class name');
    expect(selectorReason('a\\.b .')).toBe('"." at character 6 is not followed by a class name');
    expect(selectorReason('a )')).toBe('")" does not belong there');
    expect(selectorReason('a!')).toBe('"!" does not belong there');
    expect(selectorReason('x:foo(')).toBe('a "(" is never closed with ")"');
    expect(selectorReason('a[x=')).toBe('a "[" is never closed with "]"');
    // No name marker to point at: the parser's own words, from a small letter and without its full stop.
    expect(selectorReason('p :')).toBe('expected name, found :');
    expect(selectorReason('::')).toBe('expected name, found ::');
  });

  it('EDT-12 each problem names its change or event (by id, else by position) and the path of the very field, positions counted in the project\'s own lists', () => {
    const problems = selectorProblems({
      layers: [
        null,
        { experiments: [{ variations: [null, { actions: [{ changes: [null, 3, { selector: 'a]', insertSelector: 'b..' }, { id: 'c9', insertSelector: '#' }] }] }] }] },
      ],
      events: [null, { eventFilter: { selector: 'x[' } }, { id: 'buy', config: { selector: '.' } }, { config: { selector: 'a' } }],
    });
    expect(problems.map(({ entity, path }) => [entity, path])).toEqual([
      ['change "2" of variation "1"', 'layers[1].experiments[0].variations[1].actions[0].changes[2].selector'],
      ['change "2" of variation "1"', 'layers[1].experiments[0].variations[1].actions[0].changes[2].insertSelector'],
      ['change "c9" of variation "1"', 'layers[1].experiments[0].variations[1].actions[0].changes[3].insertSelector'],
      ['event "1"', 'events[1].eventFilter.selector'],
      ['event "buy"', 'events[2].config.selector'],
    ]);
    expect(problems[0]).toMatchObject({ severity: 'error', message: 'The selector "a]" is not valid CSS ("]" does not belong there): a browser would refuse it and the change would do nothing.' });
  });

  it('EDT-12 every selector of the homepage project is valid CSS', () => {
    expect(selectorProblems(project.data as never)).toEqual([]);
  });

  it('EDT-12 review refuses a change with an invalid selector, linked to its row, and an invalid click-event selector', async () => {
    await workspace.create({ projectId: 'broken' });
    const open = await workspace.get('broken');
    open.store.setTables(encodeProject({
      projectId: 'broken', accountId: 'a', revision: 0, audiences: [],
      pages: [{ id: 'home', apiName: 'home', name: 'Home', staticConditions: ['and', { type: 'url', match: 'substring', value: '/' }] }],
      events: [{ id: 'click_cta', apiName: 'click_cta', name: 'CTA', eventType: 'click', pageId: 'home', eventFilter: { filterType: 'target_selector', selector: 'a[href' } }],
      layers: [{ id: 'L', name: 'Hero test', policy: 'single_experiment', pageIds: ['home'], experiments: [{ id: 'X', name: 'Hero', variations: [
        { id: 'A', name: 'Original', actions: [] },
        { id: 'B', name: 'B', actions: [{ pageId: 'home', changes: [{ id: 'headline', type: 'attribute', selector: 'h1..hero-title[', attributes: { text: 'Ship faster' } }] }] },
      ], weightDistributions: [{ entityId: 'A', endOfRange: 5000 }, { entityId: 'B', endOfRange: 10000 }] }] }],
    }) as never);
    const checked = await review(open);
    expect(checked.valid).toBe(false);
    const headline = checked.problems.find((problem) => problem.path.endsWith('changes[0].selector'));
    expect(headline).toMatchObject({ severity: 'error', table: 'changes' });
    expect(headline!.message).toContain('"h1..hero-title[" is not valid CSS');
    expect(open.store.getCell('changes', headline!.rowId, 'selector')).toBe('h1..hero-title[');
    expect(checked.problems.some((problem) => problem.path === 'events[0].eventFilter.selector' && problem.table === 'events')).toBe(true);
  });
});
