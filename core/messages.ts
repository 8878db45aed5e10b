/*
 * The kernel's part of the message catalogue (runtime-spec §8, rulings 13). Catalogue texts are exact.
 * Separate constants rather than one object, so the minifier can shorten the names in the snippet.
 */
export const MSG_UNKNOWN_SCOPE = 'Unknown "scope" for disable';
export const MSG_HANDLER_REQUIRED = 'A handler function must be supplied';
export const MSG_TOKEN_REQUIRED = 'Must supply a token to removeListener';
export const MSG_FILTER_REQUIRED = 'A filter type must be supplied';
export const MSG_MODULE_NAME_REQUIRED = 'A module needs a name';
export const MSG_PLUGIN_NEEDS_TYPE_AND_NAME = 'A plugin needs a type and a name';
export const MSG_LOAD_TOO_LATE = 'Too late to load project data';
export const MSG_INVALID_PROJECT = 'Invalid project data';
export const MSG_UNSUPPORTED_PUSH = 'Ignored push of unsupported shape';
export const msgModuleReserved = (name: string) => `Module name "${name}" is reserved`;
export const msgInvalidPluginType = (type: unknown) => `Invalid plugin type "${type}"`;
export const msgUnknownPush = (name: string) => `Ignored unknown push "${name}"`;
export const msgUnknownLogLevel = (level: unknown) => `Unknown log level "${level}"`;
/** A plugin registered under a name its kind already has, without saying it replaces it (`type name`). */
export const msgPluginNameTaken = (key: string) => `Plugin name "${key}" is taken`;
/** Logged when a plugin made with `replacing()` (core/define.ts) is registered (`type name`). */
export const msgPluginReplaced = (key: string) => `Plugin "${key}" replaces any earlier one of its name, on purpose`;
