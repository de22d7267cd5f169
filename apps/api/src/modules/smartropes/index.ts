/** Smartropes and the events they report. Other modules reach it through this file only. */
export { ingestSmartropeEvent } from './ingest-event.ts';
export { findSmartrope } from './internal.ts';
