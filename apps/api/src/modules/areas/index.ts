/** Areas, the top of the hierarchy. Other modules reach it through this file only. */
export { findArea } from './internal.ts';
