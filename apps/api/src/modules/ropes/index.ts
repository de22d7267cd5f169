/** Ropes, the bottom of the hierarchy. Other modules reach it through this file only. */
export { loadRopeCycles, type RopeCycles } from './current-cycles.ts';
export { findRope, ropesOfInstallation, visibleRopeId } from './internal.ts';
export { liveVisibleRopesRead } from './live-visible.ts';
