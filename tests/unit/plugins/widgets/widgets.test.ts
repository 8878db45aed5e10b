/** Every part-1 widget keeps the widget kind's contract: a schema whose defaults have their declared types, show and hide, a JSON Schema for the editor. */
import { describe, expect, it } from 'vitest';
import type { PluginOf } from '../../../../core';
import { completeConfig, toJsonSchema } from '../../../../plugins/_shared/widget-schema';
import aiBanner from '../../../../plugins/widgets/ai-banner';
import demoBanner from '../../../../plugins/widgets/demo-banner';
import engagementGoals from '../../../../plugins/widgets/engagement-goals';
import hero from '../../../../plugins/widgets/hero';
import heroTrustSignals from '../../../../plugins/widgets/hero-trust-signals';
import koreanFooter from '../../../../plugins/widgets/korean-footer';
import pathfinder from '../../../../plugins/widgets/pathfinder';
import scrollGoals from '../../../../plugins/widgets/scroll-goals';
import timerGoals from '../../../../plugins/widgets/timer-goals';
import topBanner from '../../../../plugins/widgets/top-banner';

const WIDGETS: PluginOf<'widget'>[] = [hero(), heroTrustSignals(), topBanner(), pathfinder(), aiBanner(), demoBanner(), timerGoals(), scrollGoals(), engagementGoals(), koreanFooter()];

describe('part-1 widgets', () => {
  it('WID-1 each is a widget plugin with show and hide, registered under its widget id', () => {
    expect(WIDGETS.map((w) => w.name)).toEqual([
      'hero', 'hero_trust_signals', 'top_banner', 'pathfinder', 'ai_banner', 'demo_banner', 'timer_goals', 'scroll_goals', 'engagement_goals', 'korean_footer',
    ]);
    for (const w of WIDGETS) {
      expect(w.type).toBe('widget');
      expect(typeof w.show).toBe('function');
      expect(typeof w.hide).toBe('function');
    }
  });

  it('WID-3 every default has its declared type: an empty config completes without a problem', () => {
    for (const w of WIDGETS) expect(completeConfig(w.schema, {}).problems, w.name).toEqual([]);
  });

  it('WID-19 WID-29 WID-55 WID-56 WID-57 WID-58 WID-107 WID-109 WID-112 the spec\'s configuration fields are declared', () => {
    const fields = (w: PluginOf<'widget'>) => Object.keys(w.schema);
    expect(fields(WIDGETS[0])).toEqual(expect.arrayContaining([
      'selector', 'eyebrow', 'title1', 'title2', 'description', 'ctaText', 'ctaLink', 'secondaryCtaText', 'secondaryCtaLink',
      'block1', 'block2', 'block3', 'block4', 'fullTextSearchLabel', 'transactionsLabel', 'timeSeriesLabel', 'aiLabel', 'streamingDataLabel',
      'operationalDataLabel', 'geospatialDataLabel', 'graphDataLabel', 'vectorSearchLabel', 'readyState', 'normalAnimatedTextSize', 'additional_css',
    ]));
    expect(fields(WIDGETS[2])).toEqual(expect.arrayContaining(['copy', 'bannerType', 'pillCopy', 'url', 'other_classes_pipe_seperated']));
    expect(WIDGETS[2].schema.bannerType.default).toBe('BASE');
    expect(WIDGETS[2].schema.pillCopy.default).toBe('New');
    expect(fields(WIDGETS[3])).toEqual(expect.arrayContaining([
      'header', 'selector', 'lefteyebrow', 'leftheader', 'leftcopy', 'leftCTAText', 'leftCTAURL', 'righteyebrow',
      ...[1, 2, 3, 4, 5].flatMap((n) => [`rcol_${n}_text`, `rcol_${n}_url`]),
    ]));
    expect(WIDGETS[3].schema.rcol_5_text.default).toBe('');
    expect(fields(WIDGETS[6])).toEqual(['experimentSuffix']);
    expect(fields(WIDGETS[7])).toEqual(['eventSuffix']);
    expect(fields(WIDGETS[8])).toEqual(['eventSuffix']);
    expect(WIDGETS[5].schema.tck.default).toBe('demo_hp_banner_2');
    expect(WIDGETS[4].schema.selector.default).toBe('.shadow-banner');
  });

  it('WID-3 each exports a JSON Schema for the editor with every field and its default', () => {
    for (const w of WIDGETS) {
      const schema = toJsonSchema(w.schema, w.name);
      expect(Object.keys(schema.properties)).toEqual(Object.keys(w.schema));
      for (const [key, field] of Object.entries(w.schema)) expect(schema.properties[key].default).toEqual(field.default);
    }
  });
});
