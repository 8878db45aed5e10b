/**
 * The plugin test kit: boot a real kernel with the plugins under test, a fake clock and a recording
 * console. Not part of any snippet.
 */
export { bootKernel, testProject } from './boot-kernel';
export type { BootKernelOptions, LogLine, TestKernel } from './boot-kernel';
export { createFakeClock, flushPromises } from './fake-clock';
export type { FakeClock } from './fake-clock';
export { checkMatcher, probeMatcher, HOSTILE_VALUES } from './matcher-kit';
export type { MatcherCase, MatcherMismatch } from './matcher-kit';
export { applyAndUndo, KIT_META } from './applier-kit';
export type { ApplierRun } from './applier-kit';
