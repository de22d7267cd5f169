/** Installations, the middle of the hierarchy. Other modules reach it through this file only. */
export { findInstallation, installationsOfArea } from './internal.ts';
export { MAP_IMAGE_RULES } from './upload-map-image.ts';
