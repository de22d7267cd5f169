/**
 * What the server pushes to open screens (Server-Sent Events): a topic per thing watched, e.g. `truscan:12` for the
 * TRUscan of rope 12. In-process in the embedded default; over Redis pub/sub in server mode, so a change written by
 * one process (an import, the worker) reaches the screens held open by any other.
 */
export interface LiveBus {
  publish(topic: string, message: unknown): Promise<void>;
  /** Calls `listener` with every message of the topic from now on; the answer stops it. */
  subscribe(topic: string, listener: (message: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
