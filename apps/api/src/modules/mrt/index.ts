/** TRUscan measurement files and their MRT traces. Other modules reach it through this file only. */
export { deleteWithTruscanFiles, removeTruscanFiles } from './delete-with-files.ts';
