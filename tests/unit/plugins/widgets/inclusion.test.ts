/** Snippet inclusion of widget plugins: the fitted preset takes the widgets a project's widget changes name; the standard preset takes a list. */
import { describe, expect, it } from 'vitest';
import { fitStandardPreset, widgetFolder, widgetRefs } from '../../../../plugins/presets/fit';
import { standardPreset } from '../../../../plugins/presets/standard';
import hero from '../../../../plugins/widgets/hero';
import trust from '../../../../plugins/widgets/hero-trust-signals';

const project = {
  projectId: 'p',
  accountId: 'a',
  revision: 1,
  pages: [{ id: 'home', apiName: 'home', staticConditions: [{ type: 'url', match: 'substring', value: '/' }] }],
  layers: [
    {
      id: 'l',
      policy: 'single_experiment',
      pageIds: ['home'],
      experiments: [
        {
          id: 'x',
          variations: [
            {
              id: 'v',
              actions: [
                {
                  id: 'a',
                  pageId: 'home',
                  changes: [
                    { id: 'c1', type: 'widget', widget_id: 'hero_trust_signals', config: {} },
                    { id: 'c2', type: 'widget', widget_id: 'hero' },
                    { id: 'c3', type: 'widget', widget_id: 'not_a_plugin' },
                    { id: 'c4', type: 'widget', widget_id: 'hero' },
                  ],
                },
              ],
            },
          ],
          weightDistributions: [{ entityId: 'v', endOfRange: 10000 }],
        },
      ],
    },
  ],
};

describe('widget plugins in snippets', () => {
  it('WID-4 a widget id maps to its folder: _ becomes -', () => {
    expect(widgetFolder('hero_trust_signals')).toBe('hero-trust-signals');
    expect(widgetFolder('korean_footer')).toBe('korean-footer');
  });

  it('WID-4 the fitted preset brings in the widgets the widget changes name, once each, right after the widget applier; an id without a plugin is left to showWidget', () => {
    expect(widgetRefs(project as never)).toEqual([{ use: 'widgets/hero-trust-signals' }, { use: 'widgets/hero' }]);
    const uses = fitStandardPreset(project as never).map((ref) => ref.use);
    const at = uses.indexOf('change-appliers/widget');
    expect(uses.slice(at, at + 3)).toEqual(['change-appliers/widget', 'widgets/hero-trust-signals', 'widgets/hero']);
    expect(uses).not.toContain('widgets/not-a-plugin');
  });

  it('WID-4 the standard preset registers the widgets it is given after the widget applier, none by default', () => {
    const names = (list: { type: string; name: string }[]) => list.map((p) => `${p.type} ${p.name}`);
    expect(names(standardPreset()).filter((n) => n.startsWith('widget '))).toEqual([]);
    const list = names(standardPreset({ widgets: [hero(), trust()] }));
    const at = list.indexOf('changeApplier widget');
    expect(list.slice(at, at + 3)).toEqual(['changeApplier widget', 'widget hero', 'widget hero_trust_signals']);
  });
});
