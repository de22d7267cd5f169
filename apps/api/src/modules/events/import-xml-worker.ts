import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/app-error.ts';
import { parseInspectionXml } from './import-xml.ts';

/** Parses inspection files off the event loop; answers the result or the refusal as plain data. */
parentPort?.on('message', (xml: string) => {
  try {
    // Encoded here and its memory handed over: the main thread neither copies, encodes nor collects a large string.
    const bytes = new TextEncoder().encode(JSON.stringify(parseInspectionXml(xml)));
    parentPort!.postMessage({ json: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage(
      error instanceof AppError
        ? { refused: error.parts }
        : { failed: error instanceof Error ? error.message : String(error) },
    );
  }
});
