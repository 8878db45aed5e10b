/**
 * The behaviour-query engine: behaviour conditions and computed visitor attributes (rules and event queries
 * over the visitor's behaviour events). The matchers reach it through ./access.ts, which a snippet build
 * replaces by ./access-part.ts: in a snippet the engine is the `behavior` part, loaded on demand.
 */
import { compileBehaviour, type CompiledBehaviour } from './compile';
import { attributeRule, type AttributeRule } from './computed';

export type { AttributeRule, CompiledBehaviour };

/** What the engine offers (the `behavior` part's exports). */
export interface BehaviourEngine {
  compileBehaviour(value: unknown): CompiledBehaviour;
  attributeRule(attribute: object): AttributeRule | null;
}

/** The engine. */
export const engine: BehaviourEngine = { compileBehaviour, attributeRule: attributeRule as BehaviourEngine['attributeRule'] };
