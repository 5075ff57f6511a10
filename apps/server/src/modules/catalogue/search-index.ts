import type { ServiceSearchResult } from '@noise/shared/catalogue';
import { SEARCH_SIMILARITY_THRESHOLD } from './repository.ts';

/**
 * Service search in memory, answering exactly as CatalogueRepository.searchServices() does in SQL
 * (same matches, same order), without a query per new term. pg_trgm has to compare a new term
 * with every title (a misspelling such as 'markting' resembles a sixth of a large catalogue, so
 * its index does not narrow much); here an inverted index of trigrams narrows the titles to those
 * sharing enough trigrams with the term, and pg_trgm's similarity and word similarity are
 * recomputed for those alone (contrib/pg_trgm/trgm_op.c: generate_trgm_only, cnt_sml,
 * iterate_word_similarity), in single precision as pg_trgm computes them.
 *
 * Exact for printable ASCII, which is all the index scores: which other characters make a word,
 * how they are lower-cased and how pg_trgm hashes multibyte trigrams depend on the database's
 * locale and version. So a term with any other character goes to SQL whole, and titles with one
 * are scored by SQL (CatalogueRepository.scoreServices) and merged in.
 */

export interface SearchableTitle {
  id: string;
  title: string;
  /** lower(title) as the database computes it. */
  lower: string;
}

interface Entry {
  id: string;
  title: string;
  lower: string;
  /** Position in searchServices()'s tie-break order. */
  order: number;
  /** Trigram ids in the order pg_trgm makes them, repeats kept (for word similarity). */
  sequence: Int32Array;
  /** Number of distinct trigrams (for similarity). */
  distinct: number;
}

/** A match with searchServices()'s sort keys. */
export interface Hit {
  id: string;
  title: string;
  rank: number;
  wordSimilarity: number;
  similarity: number;
  order: number;
}

type Unscored = Omit<Entry, 'sequence' | 'distinct'>;

export interface SearchIndex {
  /**
   * The best `limit` matches among the titles the index scores, and the titles it leaves to SQL;
   * undefined when the whole term must go to SQL.
   */
  match(term: string, limit: number): { hits: Hit[]; unscored: Unscored[] } | undefined;
  /** match() when no title is left to SQL. */
  search(term: string, limit: number): ServiceSearchResult[] | undefined;
}

/** searchServices()'s order: rank, then word similarity, similarity, title and id. */
export function compareHits(a: Hit, b: Hit): number {
  return (
    a.rank - b.rank ||
    b.wordSimilarity - a.wordSimilarity ||
    b.similarity - a.similarity ||
    a.order - b.order
  );
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const WORD = /[A-Za-z0-9]+/g;
const THRESHOLD = Math.fround(SEARCH_SIMILARITY_THRESHOLD);

/** pg_trgm's trigrams of a lower-cased ASCII string, in order: each word padded '  word '. */
export function trigramsOf(lower: string): string[] {
  const out: string[] = [];
  for (const [word] of lower.matchAll(WORD)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
}

/** CALCSML: float4 division, as pg_trgm does it. */
function sml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * pg_trgm's iterate_word_similarity (plain, not strict): the greatest similarity between the
 * term's trigram set and any run of the title's trigrams. `lastpos` is scratch space indexed by
 * trigram id, all -1 on entry and on return.
 */
function wordSimilarity(
  sequence: Int32Array,
  inTerm: Uint8Array,
  termDistinct: number,
  lastpos: Int32Array,
): number {
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < sequence.length; i++) {
    const t = sequence[i]!;
    const found = inTerm[t] === 1;
    if (lower >= 0 || found) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[t] = i;
    }
    if (!found) continue;
    // i is the upper bound of the run; try moving its lower bound up for a greater similarity.
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = sml(count, termDistinct, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= i; tmpLower++) {
      const tmp = sml(tmpCount, termDistinct, tmpUlen2);
      if (tmp > current) {
        current = tmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = sequence[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (inTerm[tt] === 1) tmpCount--;
      }
    }
    if (current > best) best = current;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = sequence[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  for (let i = 0; i < sequence.length; i++) lastpos[sequence[i]!] = -1;
  return best;
}

/**
 * An index over `titles`, which must come in searchServices()'s tie-break order (title, then id,
 * in the database's collation): a title's position is its last sort key.
 */
export function buildSearchIndex(titles: readonly SearchableTitle[]): SearchIndex {
  const ids = new Map<string, number>();
  const entries: Entry[] = [];
  const postings: number[][] = [];
  const unscored: Unscored[] = [];
  titles.forEach((t, order) => {
    if (!PRINTABLE_ASCII.test(t.title) || t.lower !== t.title.toLowerCase()) {
      unscored.push({ id: t.id, title: t.title, lower: t.lower, order });
      return;
    }
    const grams = trigramsOf(t.lower);
    const sequence = new Int32Array(grams.length);
    const seen = new Set<number>();
    grams.forEach((g, i) => {
      let id = ids.get(g);
      if (id === undefined) {
        id = ids.size;
        ids.set(g, id);
        postings.push([]);
      }
      sequence[i] = id;
      if (!seen.has(id)) {
        seen.add(id);
        postings[id]!.push(entries.length);
      }
    });
    entries.push({
      id: t.id,
      title: t.title,
      lower: t.lower,
      order,
      sequence,
      distinct: seen.size,
    });
  });
  const inTerm = new Uint8Array(ids.size);
  const lastpos = new Int32Array(ids.size).fill(-1);
  const shared = new Int32Array(entries.length);

  const index: SearchIndex = {
    match(term, limit) {
      if (!PRINTABLE_ASCII.test(term)) return undefined;
      const q = term.toLowerCase();
      const termGrams = new Set(trigramsOf(q));
      const termDistinct = termGrams.size;
      const known = [...termGrams].map((g) => ids.get(g)).filter((id) => id !== undefined);

      // Distinct trigrams each title shares with the term: similarity's numerator, and a bound on
      // word similarity (at most shared / termDistinct), which rules most titles out unseen.
      const touched: number[] = [];
      for (const id of known) {
        inTerm[id] = 1;
        for (const e of postings[id]!) {
          if (shared[e] === 0) touched.push(e);
          shared[e]!++;
        }
      }

      const hits: Hit[] = [];
      const score = (e: number, rank: number) => {
        const entry = entries[e]!;
        const common = shared[e]!;
        const ws = common === 0 ? 0 : wordSimilarity(entry.sequence, inTerm, termDistinct, lastpos);
        if (rank === 4 && !(ws >= THRESHOLD)) return;
        const sim = common === 0 ? 0 : sml(common, termDistinct, entry.distinct);
        const { id, title, order } = entry;
        hits.push({ id, title, rank, wordSimilarity: ws, similarity: sim, order });
      };

      const inner = ` ${q}`;
      for (let e = 0; e < entries.length; e++) {
        const lower = entries[e]!.lower;
        if (!lower.includes(q)) continue;
        score(e, lower === q ? 0 : lower.startsWith(q) ? 1 : lower.includes(inner) ? 2 : 3);
      }
      // Fuzzy matches: only titles that contain no substring match and could reach the threshold.
      const needed = THRESHOLD * termDistinct * (1 - 1e-6);
      for (const e of touched) {
        if (shared[e]! >= needed && !entries[e]!.lower.includes(q)) score(e, 4);
      }

      for (const e of touched) shared[e] = 0;
      for (const id of known) inTerm[id] = 0;

      return { hits: hits.sort(compareHits).slice(0, limit), unscored };
    },
    search(term, limit) {
      const found = index.match(term, limit);
      if (!found || found.unscored.length > 0) return undefined;
      return found.hits.map(({ id, title }) => ({ _id: id, title }));
    },
  };
  return index;
}

/**
 * The index of the current catalogue, built on the first search from one query and dropped by
 * invalidate() (every catalogue change, here or, through NOTIFY, in another process) or after
 * `maxAgeMs` (the same bound as the cached answers, should a notification be lost).
 */
export function createServiceSearch(deps: {
  load: () => Promise<SearchableTitle[]>;
  fallback: (term: string, limit: number) => Promise<ServiceSearchResult[]>;
  score: (
    term: string,
    ids: readonly string[],
  ) => Promise<{ id: string; rank: number; wordSimilarity: number; similarity: number }[]>;
  maxAgeMs: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let generation = 0;
  let current: { index: SearchIndex; builtAt: number } | undefined;
  let building: { generation: number; promise: Promise<SearchIndex> } | undefined;

  async function index(): Promise<SearchIndex> {
    if (current && now() - current.builtAt < deps.maxAgeMs) return current.index;
    if (building?.generation === generation) return building.promise;
    const started = generation;
    const builtAt = now();
    const promise = deps.load().then((titles) => {
      const built = buildSearchIndex(titles);
      // A change during the load may be missing from it: answer from it once, keep it not.
      if (started === generation) current = { index: built, builtAt };
      return built;
    });
    building = { generation: started, promise };
    try {
      return await promise;
    } finally {
      if (building?.promise === promise) building = undefined;
    }
  }

  return {
    async search(term: string, limit: number): Promise<ServiceSearchResult[]> {
      const found = (await index()).match(term, limit);
      if (!found) return deps.fallback(term, limit);
      let hits = found.hits;
      if (found.unscored.length > 0) {
        const unscored = new Map(found.unscored.map((e) => [e.id, e]));
        const scored = await deps.score(
          term,
          found.unscored.map((e) => e.id),
        );
        for (const s of scored) {
          const entry = unscored.get(s.id);
          if (!entry) continue;
          hits.push({
            id: entry.id,
            title: entry.title,
            order: entry.order,
            rank: s.rank,
            // float4 from the database, compared with the index's float4 values.
            wordSimilarity: Math.fround(s.wordSimilarity),
            similarity: Math.fround(s.similarity),
          });
        }
        hits = hits.sort(compareHits).slice(0, limit);
      }
      return hits.map(({ id, title }) => ({ _id: id, title }));
    },
    invalidate() {
      generation++;
      current = undefined;
    },
  };
}

export type ServiceSearch = ReturnType<typeof createServiceSearch>;
