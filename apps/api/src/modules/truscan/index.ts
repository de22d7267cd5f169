/** The TRUscan device of a rope: its state and measurement requests. Other modules reach it through this file only. */
export { reportTruscanState } from './report-state.ts';
export { publishTruscanState } from './state.ts';
