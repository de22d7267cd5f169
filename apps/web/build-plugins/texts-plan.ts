// Where texts go in the build: which chunks load with which, and which texts are sure to be in when a chunk runs.

/** What the plan reads of a chunk (Rollup's RenderedChunk has it all). */
export interface ChunkNode {
  name: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
}

/**
 * A boundary is a chunk that is loaded by itself: the entry, or a chunk imported lazily (a screen, a section, a
 * dialog). It runs with its static closure: itself and what it imports statically, followed through.
 */
export class TextsPlan {
  private readonly closures = new Map<string, string[]>();
  private readonly holders = new Map<string, string[]>();

  constructor(private readonly chunks: Readonly<Record<string, ChunkNode>>) {
    for (const boundary of this.boundaries())
      for (const held of this.staticClosure(boundary))
        this.holders.set(held, [...(this.holders.get(held) ?? []), boundary]);
  }

  /** The boundaries one of which loaded this chunk: the entries it is in, when it is in one (they load first). */
  private holdersOf(fileName: string): string[] {
    const holders = this.holders.get(fileName) ?? [];
    const entries = holders.filter((holder) => this.chunks[holder]?.isEntry);
    return entries.length > 0 ? entries : holders;
  }

  boundaries(): string[] {
    return Object.keys(this.chunks).filter((fileName) => {
      const chunk = this.chunks[fileName];
      return chunk?.isEntry || chunk?.isDynamicEntry;
    });
  }

  entries(): string[] {
    return Object.keys(this.chunks).filter((fileName) => this.chunks[fileName]?.isEntry);
  }

  staticClosure(fileName: string): string[] {
    const known = this.closures.get(fileName);
    if (known) return known;
    const reached = new Set<string>();
    const visit = (name: string) => {
      if (reached.has(name) || !this.chunks[name]) return;
      reached.add(name);
      for (const imported of this.chunks[name]?.imports ?? []) visit(imported);
    };
    visit(fileName);
    const closure = [...reached];
    this.closures.set(fileName, closure);
    return closure;
  }

  /** The chunks with these names (the shared ones, whose texts come in a file of their own) in a boundary's closure. */
  namedIn(boundary: string, names: readonly string[]): string[] {
    return this.staticClosure(boundary).filter((fileName) => names.includes(this.chunks[fileName]?.name ?? ''));
  }

  /**
   * The boundaries of which each has surely loaded before this one runs, besides the entries: a boundary runs when
   * code that imports it lazily runs, and that code runs only within a boundary that holds it. An importer held by
   * several boundaries vouches for none alone, so all of them are listed: only texts they all show are sure. An
   * importer held by this boundary alone runs after it and vouches for nothing. No boundary listed: the entries alone.
   */
  loadedBefore(boundary: string): string[] {
    const importers = Object.keys(this.chunks).filter((fileName) =>
      this.chunks[fileName]?.dynamicImports.includes(boundary),
    );
    return [
      ...new Set(importers.flatMap((importer) => this.holdersOf(importer).filter((holder) => holder !== boundary))),
    ];
  }
}
