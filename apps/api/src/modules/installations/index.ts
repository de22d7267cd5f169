/** Installations, the middle of the hierarchy. Other modules reach it through this file only. */
export { findInstallation, installationsOfArea } from './internal.ts';
