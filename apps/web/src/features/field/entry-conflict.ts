/** Someone else changed what the entry changes since the user saw it: not sent; `server` is their version. */
export class EntryConflict extends Error {
  override readonly name = 'EntryConflict';
  constructor(readonly server: unknown) {
    super('Changed on the server meanwhile');
  }
}
