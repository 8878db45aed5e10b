/**
 * The platform use-case section's configuration (homepage-spec §2 and §3, WID-35..54, ruling 15):
 * header, subheader and learn-more link, then per topic a label, tab header, tab copy, primary
 * call-to-action text and url and secondary text and url, named `<topic>_<field>`. Edge keeps its
 * fields but has no tab (ruling 15). Links are the spec's targets (§2).
 */
import { PAGE } from './page-contract';

type Topic = [label: string, header: string, copy: string, ctaText: string, ctaUrl: string, secondaryText: string, secondaryUrl: string];

const TOPICS: Record<string, Topic> = {
  vector_search: ['Vector Search', 'Semantic search beside your operational data', 'Store embeddings in the same documents as the data they describe and query both in one call, with no second system to sync.', 'Start building', '/cloud/atlas/register', 'Explore Vector Search', '/products/platform/atlas-vector-search'],
  stream_processing: ['Stream Processing', 'Query data in motion', 'Process event streams continuously with the same aggregation language you use for data at rest.', 'Start building', '/cloud/atlas/register', 'Explore Stream Processing', '/products/platform/atlas-stream-processing'],
  operational: ['Operational', 'Run the apps your business depends on', 'Flexible documents, automatic scaling and built-in resilience for workloads that cannot go down.', 'Start building', '/cloud/atlas/register', 'See the platform', '/developer-data-platform'],
  transactional: ['Transactional', 'Multi-document ACID transactions', 'Keep related writes consistent across documents and collections without giving up the document model.', 'Start building', '/cloud/atlas/register', 'Learn about transactions', '/transactions'],
  text_search: ['Text Search', 'Relevance-based search, built in', 'Full-text search with facets, autocomplete and fuzzy matching, running beside your database.', 'Start building', '/cloud/atlas/register', 'Explore Atlas Search', '/atlas/search'],
  analytical: ['Analytical', 'In-app analytics on live data', 'Aggregate, visualise and act on operational data in place, without moving it to a warehouse first.', 'Start building', '/cloud/atlas/register', 'Learn about analytics', '/use-cases/analytics'],
  edge: ['Edge', 'Data at the edge', 'Sync data between devices, the edge and the cloud, online or offline.', 'Start building', '/cloud/atlas/register', 'Atlas for the edge', '/use-cases/atlas-for-the-edge'],
  graph: ['Graph', 'Traverse relationships natively', 'Follow connections between documents with recursive lookups, without a separate graph database.', 'Start building', '/cloud/atlas/register', 'Learn about graph queries', '/databases/mongodb-graph-database'],
  geospatial: ['Geospatial', 'Location-aware apps', 'Index points, lines and polygons and answer proximity and containment queries at scale.', 'Start building', '/cloud/atlas/register', 'See industry solutions', '/solutions/industries'],
};

const FIELDS = ['label', 'header', 'copy', 'cta_text', 'cta_url', 'secondary_text', 'secondary_url'] as const;

/** The section's configuration for the English homepage. */
export const USE_CASE_CONFIG: Record<string, string> = {
  injectionElement: PAGE.useCaseInjection,
  ddp_header: 'One developer data platform, every use case',
  ddp_subheader: 'From transactions to vectors, build on one database with one query API.',
  ddp_learn_text: 'Learn more',
  ddp_learn_url: '/developer-data-platform',
  ...Object.fromEntries(Object.entries(TOPICS).flatMap(([topic, values]) => FIELDS.map((field, index) => [`${topic}_${field}`, values[index]]))),
};
