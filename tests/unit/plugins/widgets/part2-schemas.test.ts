import { describe, expect, it } from 'vitest';
import { completeConfig, toJsonSchema } from '../../../../plugins/widgets/_shared/schema';
import banner from '../../../../plugins/widgets/banner';
import useCaseSection from '../../../../plugins/widgets/use-case-section';

describe('use-case section and banner configuration schemas', () => {
  it('WID-33 WID-34 the use-case section declares its section fields and every topic\'s fields, edge included', () => {
    const { schema } = useCaseSection();
    for (const field of ['injectionElement', 'ddp_header', 'ddp_subheader', 'ddp_learn_text', 'ddp_learn_url']) expect(schema[field]?.type, field).toBe('string');
    for (const topic of ['vector_search', 'stream_processing', 'operational', 'transactional', 'text_search', 'analytical', 'edge', 'graph', 'geospatial']) {
      for (const part of ['label', 'header', 'copy', 'cta_text', 'cta_url', 'secondary_text', 'secondary_url']) expect(schema[`${topic}_${part}`]?.type, `${topic}_${part}`).toBe('string');
      expect(schema[`${topic}_cta_url`].default).toBe('/cloud/atlas/register');
    }
  });

  it('WID-78 WID-79 the banner declares the fields of the spec and slides 1 to 5 with their six fields', () => {
    const { schema } = banner();
    for (const field of ['selector', 'type', 'title', 'title2', 'description', 'ctaText', 'ctaLink', 'image', 'backgroundSVG', 'fullHeightImage', 'GSHEETS_URL', 'document_ready_state']) {
      expect(schema[field]?.type, field).toBe('string');
    }
    expect(schema.type.enum).toEqual(['RV', 'NV', 'BASE']);
    for (const n of [1, 2, 3, 4, 5]) {
      for (const part of ['Link', 'Image', 'Title', 'Copy', 'CtaText', 'NewWindow']) expect(schema[`slide${n}${part}`]?.type, `slide${n}${part}`).toBe('string');
      expect(schema[`slide${n}NewWindow`].default).toBe('false');
    }
    expect(schema.slide6Link).toBeUndefined();
  });

  it('WID-3 a config missing fields is completed with the defaults, with no problem reported for declared fields', () => {
    const { config, problems } = completeConfig(banner().schema, { type: 'NV', slide2Link: '/x', slide2NewWindow: 'true' });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ type: 'NV', selector: 'section.events-banner', ctaLink: '/cloud/atlas/register', slide1Link: '', slide2Link: '/x', slide2NewWindow: 'true', document_ready_state: 'interactive' });
    const json = toJsonSchema(useCaseSection().schema, 'use_case_section') as { properties: Record<string, { default: unknown }> };
    expect(json.properties.edge_label.default).toBe('Edge');
  });
});
