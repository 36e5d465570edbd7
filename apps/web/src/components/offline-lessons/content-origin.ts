/**
 * Where the device's offline lessons live: the content origin (ADR 0007), learnt from a grant's
 * storeUrl (contract/offline.ts). The panel's own answers do not name that origin, so the last one
 * seen is kept on the device, in IndexedDB rather than local storage: sign-out clears local storage
 * (§4 Login and session, step 5), while the lessons stored on the content origin, and their
 * commits waiting for a sync, stay on the device for the next sign-in. It is a server setting, not
 * a secret, and it names no student.
 */
import { createStore, get, set } from 'idb-keyval';

const KEY = 'contentOrigin';

/** Reads and writes the remembered content origin. */
export interface OriginMemory {
  get(): Promise<string | null>;
  set(origin: string): Promise<void>;
}

function indexedDbMemory(): OriginMemory {
  // A database of its own: idb-keyval creates one object store per database.
  const store = createStore('waypoint-offline-lessons', 'panel');
  return {
    get: async () => (await get<string>(KEY, store)) ?? null,
    set: (origin) => set(KEY, origin, store),
  };
}

function inMemory(): OriginMemory {
  let origin: string | null = null;
  return {
    get: () => Promise.resolve(origin),
    set: (next) => {
      origin = next;
      return Promise.resolve();
    },
  };
}

let memory: OriginMemory | null = null;
/** The origin learnt during this visit, should the device's storage refuse it. */
let learnt: string | null = null;
const currentMemory = () =>
  (memory ??= typeof indexedDB === 'undefined' ? inMemory() : indexedDbMemory());

/** The content origin of the device's stored lessons, or null when none was ever stored here. */
export async function rememberedContentOrigin(): Promise<string | null> {
  if (learnt) return learnt;
  try {
    return await currentMemory().get();
  } catch {
    return null;
  }
}

/** Remembers the content origin of a grant's storeUrl; returns that origin. */
export async function rememberContentOrigin(storeUrl: string): Promise<string> {
  const origin = new URL(storeUrl).origin;
  learnt = origin;
  try {
    await currentMemory().set(origin);
  } catch {
    // Storage refused (private mode): this visit still knows it from the grant.
  }
  return origin;
}

/** Test helper: a fresh memory (in memory, or the given one). */
export function resetContentOriginForTests(next: OriginMemory = inMemory()): void {
  memory = next;
  learnt = null;
}
