import type { Rollup } from 'vite';
import { keysShown } from './texts-named';

type Chunks = Record<string, Rollup.RenderedChunk>;

/** The chunks a chunk loads before it runs: itself and what it imports statically, followed through. */
export function staticClosure(chunks: Chunks, fileName: string): Set<string> {
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const imported of chunks[name]?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return reached;
}

/** The code of these chunks as Rollup rendered it, module by module (after tree-shaking, before minifying). */
function codeOf(chunks: Chunks, fileNames: Iterable<string>): string {
  return [...fileNames]
    .flatMap((name) => Object.values(chunks[name]?.modules ?? {}).map((module) => module.code ?? ''))
    .join('\n');
}

function intersect(sets: Set<string>[]): Set<string> {
  const [first, ...others] = sets;
  if (!first) return new Set();
  return new Set([...first].filter((key) => others.every((set) => set.has(key))));
}

/**
 * Which texts each loaded piece of the build brings: the entry, and every chunk loaded lazily (a boundary), with its
 * static imports. A boundary's texts are in once it has run; a chunk within several boundaries runs after any of
 * them. So a boundary loaded lazily by a chunk can count on the texts of every boundary that chunk is within (and on
 * what those could count on): it leaves those out of its file. A few shared chunks naming many texts (the forms'
 * messages) have a file of their own, loaded once by every boundary that imports them. Per language, as nesting
 * differs between languages.
 */
export class TextsPlan {
  private readonly closures = new Map<string, Set<string>>();
  private readonly named = new Map<string, string[]>();
  private readonly shown = new Map<string, Set<string>>();
  private readonly sure = new Map<string, Set<string>>();

  constructor(
    private readonly chunks: Chunks,
    /** Per language, every text by its full key. */
    private readonly texts: Map<string, Map<string, string>>,
    private readonly keysNamed: (code: string) => string[],
    /** Chunks (by name) that many boundaries import and that name many texts: theirs come in a file of their own. */
    private readonly sharedChunks: readonly string[] = [],
  ) {}

  /** The shared chunks (`sharedChunks`) this boundary loads: their texts come in files of their own. */
  sharedIn(fileName: string): string[] {
    return [...this.closureOf(fileName)].filter((name) => name !== fileName && this.isShared(name)).sort();
  }

  /** The keys of the texts of this language the own file of this boundary (or shared chunk) holds. */
  keysToLoad(fileName: string, language: string): Set<string> {
    if (this.isShared(fileName)) return this.shownBy(fileName, language);
    const left = new Set(this.sureOf(fileName, language, new Set()));
    for (const shared of this.sharedIn(fileName)) for (const key of this.shownBy(shared, language)) left.add(key);
    return new Set([...this.shownBy(fileName, language)].filter((key) => !left.has(key)));
  }

  private isShared(fileName: string): boolean {
    const chunk = this.chunks[fileName];
    return chunk !== undefined && !chunk.isEntry && this.sharedChunks.includes(chunk.name);
  }

  private boundaries(): string[] {
    return Object.values(this.chunks)
      .filter((chunk) => chunk.isEntry || chunk.isDynamicEntry)
      .map((chunk) => chunk.fileName);
  }

  private closureOf(fileName: string): Set<string> {
    let closure = this.closures.get(fileName);
    if (!closure) {
      closure = staticClosure(this.chunks, fileName);
      this.closures.set(fileName, closure);
    }
    return closure;
  }

  private shownBy(fileName: string, language: string): Set<string> {
    const id = `${fileName}\n${language}`;
    let shown = this.shown.get(id);
    if (!shown) {
      let named = this.named.get(fileName);
      if (!named) {
        named = this.keysNamed(codeOf(this.chunks, this.closureOf(fileName)));
        this.named.set(fileName, named);
      }
      shown = keysShown(this.texts.get(language) ?? new Map(), named);
      this.shown.set(id, shown);
    }
    return shown;
  }

  /** The keys in before this boundary runs, whichever way it was reached. */
  private sureOf(fileName: string, language: string, visiting: Set<string>): Set<string> {
    const chunk = this.chunks[fileName];
    if (!chunk || chunk.isEntry || visiting.has(fileName)) return new Set();
    const id = `${fileName}\n${language}`;
    const known = this.sure.get(id);
    if (known) return known;
    visiting.add(fileName);
    const importers = Object.values(this.chunks).filter((other) => other.dynamicImports.includes(fileName));
    const perImporter = importers.map((importer) => {
      const within = this.boundaries().filter(
        (boundary) => boundary !== fileName && this.closureOf(boundary).has(importer.fileName),
      );
      return intersect(
        within.map(
          (boundary) => new Set([...this.shownBy(boundary, language), ...this.sureOf(boundary, language, visiting)]),
        ),
      );
    });
    visiting.delete(fileName);
    const sure = intersect(perImporter);
    this.sure.set(id, sure);
    return sure;
  }
}
