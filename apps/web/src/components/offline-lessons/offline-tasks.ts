/**
 * What the panel is doing with each lesson's offline copy right now (storing with its bytes,
 * removing) or the last refusal to show (the server's launch rules, the bridge's message), by
 * lesson key. One store for the whole panel, so a row that scrolls away and back, or a course
 * that closes and opens, shows the same progress.
 */
import { useSyncExternalStore } from 'react';

export type OfflineTask =
  | { kind: 'storing'; loadedBytes: number; totalBytes: number }
  | { kind: 'removing' }
  | { kind: 'error'; message: string };

type Listener = () => void;
const listeners = new Set<Listener>();
let tasks: ReadonlyMap<number, OfflineTask> = new Map();

function publish(next: Map<number, OfflineTask>): void {
  tasks = next;
  for (const listener of [...listeners]) listener();
}

/** Sets (or, with null, clears) one lesson's task. */
export function setOfflineTask(lessonKey: number, task: OfflineTask | null): void {
  const next = new Map(tasks);
  if (task) next.set(lessonKey, task);
  else next.delete(lessonKey);
  publish(next);
}

/** The current tasks. */
export function offlineTasks(): ReadonlyMap<number, OfflineTask> {
  return tasks;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current tasks, re-rendering when any changes. */
export function useOfflineTasks(): ReadonlyMap<number, OfflineTask> {
  return useSyncExternalStore(subscribe, offlineTasks, offlineTasks);
}

/** Test helper. */
export function resetOfflineTasksForTests(): void {
  publish(new Map());
}
