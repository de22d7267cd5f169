/** An image whose structure points outside its bytes or never ends: nothing of it can be trusted to be cleaned. */
export class DamagedStructure extends Error {
  constructor(format: string, detail: string) {
    super(`The ${format} cannot be read: ${detail}`);
    this.name = 'DamagedStructure';
  }
}
