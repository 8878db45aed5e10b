/**
 * The use-case section's configuration (WID-33, WID-34): the section fields, then for each of the
 * nine topics a label, tab header, tab copy, primary call to action (text, url), secondary link
 * (text, url), plus the animation and its static image. Fields are named `<topic>_<part>`:
 * `vector_search_label`, `vector_search_header`, `vector_search_copy`, `vector_search_cta_text`,
 * `vector_search_cta_url`, `vector_search_secondary_text`, `vector_search_secondary_url`,
 * `vector_search_animation`, `vector_search_image`.
 *
 * Tabs follow ruling 15: eight, in the order of homepage-spec §2; `edge` keeps its fields (accepted
 * and completed like the others) but has no tab.
 */
import type { WidgetField } from '../../../core';
import { region, str } from '../_shared/schema';
import { REGISTER_PATH } from '../_shared/links';

/** The tabs, in order (WID-36, ruling 15). */
export const TAB_TOPICS = ['vector_search', 'stream_processing', 'operational', 'transactional', 'text_search', 'analytical', 'graph', 'geospatial'] as const;
/** Every configurable topic (WID-34): the tabs and edge. */
export const TOPICS = [...TAB_TOPICS, 'edge'] as const;
export type Topic = (typeof TOPICS)[number];

/** The parts of a topic's configuration. */
export const PARTS = ['label', 'header', 'copy', 'cta_text', 'cta_url', 'secondary_text', 'secondary_url', 'animation', 'image'] as const;
export type Part = (typeof PARTS)[number];

/** Default label, header, copy and secondary link per topic; the rest is derived. */
const COPY: Record<Topic, [label: string, header: string, copy: string, secondary: string]> = {
  vector_search: ['Vector Search', 'Build intelligent search and AI applications', 'Store vectors beside your operational data and query them together, with no separate system to sync.', '/products/platform/atlas-vector-search'],
  stream_processing: ['Stream Processing', 'Process data in motion, continuously', 'Query, transform and react to streams of events with the same API and document model you already use.', '/products/platform/atlas-stream-processing'],
  operational: ['Operational', 'Run mission-critical applications', 'Flexible documents, distributed by default, with the availability your customers expect.', '/developer-data-platform'],
  transactional: ['Transactional', 'Keep data consistent across documents', 'Multi-document ACID transactions with snapshot isolation, when your workload needs them.', '/transactions'],
  text_search: ['Text Search', 'Add relevance-based search to your apps', 'Full-text search built into the database: no extra infrastructure, no data to synchronise.', '/atlas/search'],
  analytical: ['Analytical', 'Get insights from live data', 'Run analytics on operational data in place, isolated from your application workload.', '/use-cases/analytics'],
  graph: ['Graph', 'Traverse relationships in your data', 'Model and query connected data with recursive lookups, next to the rest of your application.', '/databases/mongodb-graph-database'],
  geospatial: ['Geospatial', 'Build location-aware experiences', 'Store and query points, lines and polygons with geospatial indexes and operators.', '/solutions/industries'],
  edge: ['Edge', 'Bring data to the edge', 'Sync data between devices, the edge and the cloud, online or offline.', '/use-cases/atlas-for-the-edge'],
};

/** A topic's defaults, by part. */
export const topicDefaults = (topic: Topic): Record<Part, string> => {
  const [label, header, copy, secondary] = COPY[topic];
  return {
    label,
    header,
    copy,
    cta_text: 'Get started free',
    cta_url: REGISTER_PATH,
    secondary_text: 'Learn more',
    secondary_url: secondary,
    animation: `animations/${topic}.json`,
    image: `images/use-cases/${topic}.svg`,
  };
};

const BASE = {
  /** The section goes before the first element matching this selector (WID-48). */
  injectionElement: region('insert', '#use-case-injection'),
  ddp_header: str('One data platform for every use case'),
  ddp_subheader: str('Build any class of application on a single, unified developer data platform.'),
  ddp_learn_text: str('Learn more about the platform'),
  ddp_learn_url: str('/developer-data-platform'),
  /** The id the section carries (WID-49). */
  sectionId: str('use-case-section'),
  /** Base of the animation and image paths (the provider's asset host; locally the services' stand-in). */
  assetBase: str('/assets/homepage'),
  /** The animation player, relative to `libraryBase` (a public package CDN; locally the services' stand-in). */
  libraryBase: str('/assets/homepage/npm'),
  playerPath: str('lottie-web@5.13.0/build/player/lottie_light.min.js'),
};
const fields: Record<string, WidgetField> = { ...BASE };
for (const topic of TOPICS) {
  const defaults = topicDefaults(topic);
  for (const part of PARTS) fields[`${topic}_${part}`] = str(defaults[part]);
}

/** The declared schema (WID-3): the section fields, then `<topic>_<part>` for every topic and part. */
export const SCHEMA = fields as typeof BASE & Record<`${Topic}_${Part}`, ReturnType<typeof str>>;
