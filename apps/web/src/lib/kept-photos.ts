import { createContext, useContext } from 'react';

/**
 * The device's copy of a photo's thumbnail, by document id (features/field keeps those of the ropes it keeps);
 * undefined when the device has none. The galleries show it when the server's cannot be reached.
 */
export type KeptPhotoLookup = (documentId: number) => Promise<Blob | undefined>;

export const KeptPhotosContext = createContext<KeptPhotoLookup>(async () => undefined);

export function useKeptPhoto(): KeptPhotoLookup {
  return useContext(KeptPhotosContext);
}
