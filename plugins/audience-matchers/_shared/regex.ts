/**
 * Regular expressions from project data, through the backtracking guard shared with page URL rules
 * (core/project/regex.ts): unsafe patterns are refused with the reason, inputs are capped, compiled
 * patterns are cached.
 */
export { compile, MAX_PATTERN, MAX_REGEX_INPUT, regexProblem, testRegex, unsafeReason } from '../../../core/project/regex';
