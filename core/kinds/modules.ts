/**
 * Names of the modules through which the runtime's plugins cooperate. A plugin never imports another
 * plugin: it asks the kernel for a module by one of these names (`ctx.get(MODULES.visitor)`) and
 * finds the interface of that module in `core/kinds/`. Every module is optional for its users: a
 * snippet built without, say, the tracker still runs, and code that would use an absent module skips
 * that step.
 *
 * Types and constants only: nothing here reaches the kernel bundle unless a plugin uses it.
 */
export const MODULES = {
  /** {@link import('./visitor').VisitorModule}: the visitor, sessions, profile, maps, behaviour. */
  visitor: 'visitor',
  /** `{ randomId }`, public (runtime-spec §7). */
  visitorId: 'visitor_id',
  /** {@link import('./audiences').AudiencesModule}: audience evaluation and the visitor profile fields. */
  audiences: 'audiences',
  /** {@link import('./decisions').DecisionsModule}: holdbacks, layer decisions, relay cookie, bandit. */
  decisions: 'decisions',
  /** {@link import('./decisions').StateModule}: the public state getters. */
  state: 'state',
  /** {@link import('./pages').PagesModule}: page states, activation, the public page call. */
  pages: 'pages',
  /** {@link import('./pages').ControlsModule}: query-parameter controls, directives and modes. */
  controls: 'controls',
  /** {@link import('./changes').ChangesModule}: applies, observes and undoes the changes of actions. */
  changes: 'changes',
  /** {@link import('./tracking').TrackerModule}: batching and sending. */
  tracker: 'tracker',
  /** {@link import('./tracking').UtilsModule}: request, poll and other helpers, public (`get('utils')`). */
  utils: 'utils',
  /**
   * {@link import('./specialised').SpecialisedModule}: code generated for the snippet's own project (a
   * compiled build, compiler/specialise.ts), which the audiences and pages modules ask before interpreting.
   */
  specialised: 'specialised',
} as const;

/**
 * Event types (the `type` of a kernel event) besides 'lifecycle' and 'error'. Lifecycle events keep
 * their names from LIFECYCLE_EVENTS; these carry the runtime's other news between plugins.
 */
export const EVENT_TYPES = {
  /** name 'applied' (DEC-23, data {@link import('./changes').ActionAppliedData}), 'showWidget' (CHG-10). */
  action: 'action',
  /**
   * What the tracker turns into batches: name 'clientActivation' (activation step 8),
   * 'redirectDecision' (activation step 4, data: the relayed AnalyticsDecisionPayload),
   * 'eventTracked' (every accepted event, tracked or not: the visitor keeps behaviour from it),
   * 'exposure' (ruling 24, data {@link import('./tracking').ExposureData}).
   */
  tracking: 'tracking',
} as const;

/**
 * How the activation sequence of runtime-spec §4 (PAG-28..38) maps onto the kernel's stages and the
 * modules. The `pages` plugin owns the sequence: it calls each step's module in this order itself
 * (hook order within a stage would depend on plugin order), skipping absent modules.
 *
 * | stage                  | step | call                                             |
 * |------------------------|------|--------------------------------------------------|
 * | preActivate            | 1    | pages records activation id + timestamp          |
 * |                        | 2    | pages registers views                            |
 * | visitor                | 3    | visitor.identify()                               |
 * |                        | 4    | decisions.trackRedirectDecision()                |
 * |                        | 5    | visitor.mergeStoredVariationMaps()               |
 * |                        | 6    | audiences.load()                                 |
 * | postVisitorProfileLoad | 7    | decisions.decideGlobalHoldback(activationId)     |
 * |                        | 8    | emit tracking/clientActivation                   |
 * | views                  | 9    | pages sets up view providers                     |
 * |                        | 10   | pages activates views: per active page, emit     |
 * |                        |      | pageActivated, attach event implementations,     |
 * |                        |      | then decisions.decidePage(pageId) (deferred);    |
 * |                        |      | decidePage emits layerDecided per layer and      |
 * |                        |      | calls changes.applyAction per action, which      |
 * |                        |      | emits action/applied                             |
 *
 * Deactivation (PAG-18): changes.cancelObservation, changes.undoPage when the page says so,
 * changes.removeActionState, detach event implementations, emit pageDeactivated.
 */
export const ACTIVATION_STEPS = [
  'recordActivation',
  'registerViews',
  'identifyVisitor',
  'trackRedirectDecision',
  'mergeVariationMaps',
  'loadVisitorData',
  'globalHoldback',
  'trackClientActivation',
  'setUpViews',
  'activateViews',
] as const;
