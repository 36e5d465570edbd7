/**
 * The curriculum the course-details screen shows (spec §2): kept in the global store and, as the
 * spec's globalServiceStorage.curriculumKey, in local storage so a reload keeps it.
 */
import { getState, setCurriculumKey } from '../lib/store';
import { localStore, readJson, storageKeys } from '../lib/storage';

interface GlobalServiceStorage {
  curriculumKey?: number | null;
}

function readStored(): GlobalServiceStorage {
  return readJson<GlobalServiceStorage>(localStore.get(storageKeys.globalServiceStorage)) ?? {};
}

/** Chooses the curriculum for course details (null for drafts: "entering Drafts clears" it). */
export function selectCurriculum(curriculumKey: number | null): void {
  setCurriculumKey(curriculumKey);
  localStore.set(
    storageKeys.globalServiceStorage,
    JSON.stringify({ ...readStored(), curriculumKey }),
  );
}

/** The chosen curriculum: the store's, else the one kept in local storage, else null. */
export function selectedCurriculumKey(): number | null {
  const fromState = getState().curriculumKey;
  if (fromState !== null) return fromState;
  const stored = readStored().curriculumKey;
  return typeof stored === 'number' ? stored : null;
}
