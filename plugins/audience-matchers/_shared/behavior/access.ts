/**
 * How the behaviour matchers reach the behaviour-query engine (./engine.ts). Here, in Node and in tests, the
 * engine is imported and always there. A snippet build puts ./access-part.ts in its place (same exports,
 * compiler/snippet-parts.ts PART_STUBS), where the engine is the `behavior` part, loaded the first time a
 * page needs it, and audience evaluation waits for it like for any pending profile field.
 */
import type { PluginContext } from '../../../../core';
import { engine, type BehaviourEngine } from './engine';

export type { BehaviourEngine };

/** The profile field the engine's arrival is waited on as (declared by the matchers that need the engine). */
export const ENGINE_FIELD = 'behaviourEngine';

/** The engine, when it is loaded (here: always). */
export const engineNow = (_ctx: PluginContext | undefined): BehaviourEngine | undefined => engine;

/** Asks for the engine when it is not loaded yet (here: nothing to do). */
export const requestEngine = (_ctx: PluginContext | undefined): void => {};

/** Makes audience evaluation wait for the engine when the project needs it (here: nothing to wait for). */
export const waitForEngine = (_ctx: PluginContext): void => {};
