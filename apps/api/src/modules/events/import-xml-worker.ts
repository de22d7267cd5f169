import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/app-error.ts';
import { parseInspectionXml } from './import-xml.ts';

/** Parses inspection files off the event loop; answers the result or the refusal as plain data. */
parentPort?.on('message', (xml: string) => {
  try {
    // Serialised here: a string crosses to the main thread as one copy, not an object graph to rebuild there.
    parentPort!.postMessage({ json: JSON.stringify(parseInspectionXml(xml)) });
  } catch (error) {
    parentPort!.postMessage(
      error instanceof AppError
        ? { refused: { code: error.code, message: error.message, fields: error.fields } }
        : { failed: error instanceof Error ? error.message : String(error) },
    );
  }
});
