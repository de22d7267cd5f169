/** Projects and their imported documents. Other modules reach it through this file only. */
export { findProject, projectVisibleTo } from './internal.ts';
