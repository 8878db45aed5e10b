/**
 * Words for staff (issue 36): what each runtime identifier of a select means, as the option's label,
 * with the identifier itself kept as secondary detail in brackets (it is what the data, the QA log and
 * the docs say). An identifier missing here is shown as it is, so new runtime values still appear.
 */

/** Options for a select: `[identifier, words]` pairs as `{ value, label }`, the identifier bracketed after the words. */
export const worded = (values: readonly string[], words: Record<string, string>) =>
  values.map((value) => ({ value, label: words[value] ? `${words[value]} (${value})` : value }));

export const LAYER_POLICY_WORDS: Record<string, string> = {
  single_experiment: 'One experiment, split by traffic',
  multivariate: 'Multivariate: combinations of sections',
  equal_priority: 'Personalisation: first matching audience',
};

export const ALLOCATION_POLICY_WORDS: Record<string, string> = {
  manual: 'Fixed split as set',
  'contextual-multi-arm-bandit': 'Contextual bandit',
  cmab: 'Contextual bandit',
  'min-regret': 'Bandit: send traffic to the leader',
  'min-time': 'Bandit: find the leader fastest',
};

export const PAGE_ACTIVATION_WORDS: Record<string, string> = {
  immediate: 'When the URL matches',
  callback: 'When the view code calls activate',
  polling: 'When the view code succeeds, tried until DOM ready',
  manual: 'Only when the page asks',
  url_changed: 'On each URL change of a single-page app',
  dom_changed: 'On each change of the page',
};

export const URL_MATCH_WORDS: Record<string, string> = {
  simple: 'Same page, any query',
  exact: 'Exactly this URL',
  substring: 'URL contains',
  regex: 'Regular expression',
};

/** The data's field names as the inspector calls them, for review's and history's diff. */
export const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  weightDistributions: 'Traffic split',
  audienceIds: 'Audiences',
  staticConditions: 'URL rules',
  conditions: 'Conditions',
  holdback: 'Holdback',
  policy: 'Kind of campaign',
  allocationPolicy: 'Traffic split',
  activation: 'Activation',
  activationType: 'Activation',
  pageIds: 'Runs on views',
  viewIds: 'Runs on views',
  pageId: 'View',
  viewId: 'View',
  bucketingStrategy: 'Bucketing strategy',
  deployed: 'Rolled out',
  concluded: 'Concluded',
  selector: 'Selector',
  insertSelector: 'Moves next to',
  attributes: 'Content and attributes',
  css: 'Style',
  value: 'Value',
  apiName: 'API name',
  eventType: 'Event type',
  config: 'Settings',
  widget_id: 'Widget',
  anonymizeIP: 'Anonymise IP',
  enableForceParameters: 'Honour force parameters',
  projectJS: 'Project code',
};
