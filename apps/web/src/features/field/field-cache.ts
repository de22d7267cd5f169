import type { Query, QueryClient } from '@tanstack/react-query';
import type { DeviceDb, FieldChoice, KeptPhoto, Snapshot } from '../../lib/device-store';
import { ownerOfQueryKey, type QueryOwner } from './query-owner';
import { reportFailure } from './report-failure';

/** The ropes opened last are kept on the device even when not chosen for the field. */
export const RECENT_ROPES = 10;

/** The photos of one list (a rope's documents, an event's) whose thumbnails are kept: the first ones it shows. */
export const PHOTOS_PER_LIST = 24;

type KeptList = { documents?: { id: number; thumbnailUrl?: string | null }[] };

type Place = { installation?: { id: number }; area?: { id: number } };

/**
 * Keeps one user's field ropes on the device: every answer of a kept rope's page (query-owner.ts) is stored as it
 * arrives, with when it was fetched, and put back into the query client when the app starts, so that the pages open
 * without a signal and show how old each figure is. Kept: the ropes chosen for the field, the ropes of installations
 * chosen, the RECENT_ROPES opened last, and the installations and areas they sit in.
 */
export class FieldCache {
  private choices: FieldChoice[] = [];
  private recent: number[] = [];
  /** Where each rope and installation seen sits: rope → installation, installation → area. */
  private readonly installationOf = new Map<number, number>();
  private readonly areaOf = new Map<number, number>();
  /** The rope of each event and task seen in a kept rope's lists: their documents and notes go with the rope. */
  private readonly ropeOfEvent = new Map<number, number>();
  private readonly ropeOfTask = new Map<number, number>();
  private readonly listeners = new Set<() => void>();
  private readonly choiceListeners = new Set<() => void>();
  private photosKept: Promise<void> = Promise.resolve();
  /** Counts the changes of what is kept, for React's useSyncExternalStore. */
  revision = 0;

  constructor(
    private readonly db: DeviceDb,
    private readonly queryClient: QueryClient,
    readonly userId: number,
  ) {}

  /** Reads the user's choices, visits and snapshots, and gives the query client every answer newer than its own. */
  async restore(): Promise<void> {
    const [choices, visits, snapshots] = await Promise.all([
      this.db.getAllFromIndex('choices', 'byUser', this.userId),
      this.db.getAllFromIndex('visits', 'byUser', this.userId),
      this.db.getAllFromIndex('snapshots', 'byUser', this.userId),
    ]);
    this.choices = choices;
    this.recent = visits.sort((a, b) => b.visitedAt - a.visitedAt).map((visit) => visit.ropeId);
    for (const snapshot of snapshots) {
      this.learnPlace(snapshot.queryKey, snapshot.data);
      const own = this.queryClient.getQueryState(snapshot.queryKey);
      if (own && own.dataUpdatedAt >= snapshot.fetchedAt) continue;
      this.queryClient.setQueryData(snapshot.queryKey, snapshot.data, { updatedAt: snapshot.fetchedAt });
    }
    this.changed();
  }

  /** Stores every successful answer of a kept query from now on; answers the unsubscribe. */
  start(): () => void {
    return this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      void this.store(event.query).catch(reportFailure);
    });
  }

  /** The rope page was opened: the rope is among the recent ones. */
  async visit(ropeId: number): Promise<void> {
    this.recent = [ropeId, ...this.recent.filter((id) => id !== ropeId)];
    await this.db.put('visits', { userId: this.userId, ropeId, visitedAt: Date.now() });
    const dropped = this.recent.slice(RECENT_ROPES);
    this.recent = this.recent.slice(0, RECENT_ROPES);
    for (const id of dropped) await this.db.delete('visits', [this.userId, id]);
    // The queries of the page are stored as they arrive; what was answered before the visit counts too.
    for (const query of this.queryClient.getQueryCache().getAll()) {
      if (query.state.status === 'success') await this.store(query);
    }
    if (dropped.length > 0) await this.prune();
    this.changed();
  }

  chosen(kind: FieldChoice['kind'], id: number): boolean {
    return this.choices.some((choice) => choice.kind === kind && choice.id === id);
  }

  /** Everything chosen, newest first. */
  listChoices(): FieldChoice[] {
    return [...this.choices].sort((a, b) => b.chosenAt - a.chosenAt);
  }

  async choose(kind: FieldChoice['kind'], id: number, name: string): Promise<void> {
    const choice: FieldChoice = { userId: this.userId, kind, id, name, chosenAt: Date.now() };
    await this.db.put('choices', choice);
    this.choices = [...this.choices.filter((other) => other.kind !== kind || other.id !== id), choice];
    for (const query of this.queryClient.getQueryCache().getAll()) {
      if (query.state.status === 'success') await this.store(query);
    }
    this.changed();
    for (const listener of this.choiceListeners) listener();
  }

  async unchoose(kind: FieldChoice['kind'], id: number): Promise<void> {
    await this.db.delete('choices', [this.userId, kind, id]);
    this.choices = this.choices.filter((choice) => choice.kind !== kind || choice.id !== id);
    await this.prune();
    this.changed();
    for (const listener of this.choiceListeners) listener();
  }

  /** Whether answers of this owner are kept on the device. */
  keeps(owner: QueryOwner): boolean {
    if (owner.kind === 'rope' || owner.kind === 'event' || owner.kind === 'task') {
      const rope = this.ropeOf(owner);
      return rope !== undefined && this.keepsRope(rope);
    }
    if (owner.kind === 'installation') {
      return (
        this.chosen('installation', owner.id) ||
        [...this.installationOf].some(([rope, installation]) => installation === owner.id && this.keepsRope(rope))
      );
    }
    return [...this.areaOf].some(
      ([installation, area]) => area === owner.id && this.keeps({ kind: 'installation', id: installation }),
    );
  }

  /** The ropes chosen for the field, directly or by their installation: what the refresh fetches while online. */
  fieldRopes(): number[] {
    const ropes = new Set(this.choices.filter((choice) => choice.kind === 'rope').map((choice) => choice.id));
    for (const [rope, installation] of this.installationOf) {
      if (this.chosen('installation', installation)) ropes.add(rope);
    }
    return [...ropes];
  }

  /** Called when a rope or installation is chosen or taken out of the field. */
  subscribeChoices(listener: () => void): () => void {
    this.choiceListeners.add(listener);
    return () => {
      this.choiceListeners.delete(listener);
    };
  }

  /** Called after every change of what is kept (the field toggles redraw). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** A kept photo (its thumbnail), for a page without a signal; undefined when the device has none. */
  async photo(documentId: number): Promise<Blob | undefined> {
    return (await this.db.get('photos', [this.userId, documentId]))?.blob;
  }

  private ropeOf(owner: QueryOwner): number | undefined {
    if (owner.kind === 'event') return this.ropeOfEvent.get(owner.id);
    if (owner.kind === 'task') return this.ropeOfTask.get(owner.id);
    return owner.kind === 'rope' ? owner.id : undefined;
  }

  private keepsRope(ropeId: number): boolean {
    if (this.chosen('rope', ropeId) || this.recent.includes(ropeId)) return true;
    const installation = this.installationOf.get(ropeId);
    return installation !== undefined && this.chosen('installation', installation);
  }

  private async store(query: Query): Promise<void> {
    this.learnPlace(query.queryKey, query.state.data);
    const owner = ownerOfQueryKey(query.queryKey);
    if (!owner || !this.keeps(owner) || query.state.data === undefined) return;
    const snapshot: Snapshot = {
      userId: this.userId,
      hash: query.queryHash,
      queryKey: query.queryKey,
      data: query.state.data,
      fetchedAt: query.state.dataUpdatedAt,
    };
    await this.db.put('snapshots', snapshot);
    const rope = this.ropeOf(owner);
    if (query.queryKey[0] === 'documents' && rope !== undefined) {
      const list = query.state.data as KeptList;
      // One list after the other, behind the page's own requests; the snapshot does not wait for its photos.
      this.photosKept = this.photosKept.then(() => this.keepPhotos(rope, list)).catch(reportFailure);
    }
  }

  /** Resolves once the photos of every list answered so far are kept (or could not be). */
  photosSettled(): Promise<void> {
    return this.photosKept;
  }

  /**
   * Fetches the thumbnails of a kept list's images the device does not have yet (one after the other: a field refresh
   * must not crowd the page's own requests). A failure (the signal gone) leaves the rest for the next answer.
   */
  private async keepPhotos(ropeId: number, list: KeptList): Promise<void> {
    const photos = (list.documents ?? []).filter((document) => document.thumbnailUrl).slice(0, PHOTOS_PER_LIST);
    for (const { id, thumbnailUrl } of photos) {
      if ((await this.db.getKey('photos', [this.userId, id])) !== undefined) continue;
      const response = await fetch(thumbnailUrl as string, { credentials: 'same-origin' });
      if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) continue;
      const photo: KeptPhoto = {
        userId: this.userId,
        documentId: id,
        ropeId,
        blob: await response.blob(),
        fetchedAt: Date.now(),
      };
      await this.db.put('photos', photo);
    }
  }

  /** Deletes the snapshots and photos of what is no longer kept. */
  private async prune(): Promise<void> {
    const tx = this.db.transaction(['snapshots', 'photos'], 'readwrite');
    let cursor = await tx.objectStore('snapshots').index('byUser').openCursor(this.userId);
    while (cursor) {
      const owner = ownerOfQueryKey(cursor.value.queryKey);
      if (!owner || !this.keeps(owner)) await cursor.delete();
      cursor = await cursor.continue();
    }
    let photo = await tx.objectStore('photos').index('byUser').openCursor(this.userId);
    while (photo) {
      if (!this.keepsRope(photo.value.ropeId)) await photo.delete();
      photo = await photo.continue();
    }
    await tx.done;
  }

  private learnPlace(key: readonly unknown[], data: unknown) {
    const owner = ownerOfQueryKey(key);
    const place = (data ?? {}) as Place;
    if (owner?.kind === 'rope' && key[0] === 'ropes' && place.installation) {
      this.installationOf.set(owner.id, place.installation.id);
    }
    if (owner?.kind === 'installation' && key[1] === 'detail' && place.area) this.areaOf.set(owner.id, place.area.id);
    if (owner?.kind === 'installation' && key[0] === 'ropes' && Array.isArray(data)) {
      for (const rope of data as { id: number }[]) this.installationOf.set(rope.id, owner.id);
    }
    if (owner?.kind === 'rope' && key[0] === 'events' && key[1] === 'rope') {
      for (const event of (data as { ropeEvents?: { id: number }[] } | undefined)?.ropeEvents ?? []) {
        this.ropeOfEvent.set(event.id, owner.id);
      }
    }
    if (owner?.kind === 'rope' && key[0] === 'tasks' && Array.isArray(data)) {
      for (const task of data as { id: number }[]) this.ropeOfTask.set(task.id, owner.id);
    }
  }

  private changed() {
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }
}
