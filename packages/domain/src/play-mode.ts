/** Play modes of spec §4: 1 normal, 2 Browse (no credit, no prerequisites), 3 Review (with credit). */
export const PLAY_MODE = { normal: 1, browse: 2, review: 3 } as const;

/** "play mode 2 'Browse: ...', play mode 3 'Review: ...', hidden for play mode 1" (§2 Course details). */
export function playModeLabel(playMode: number): string | null {
  if (playMode === PLAY_MODE.browse) return 'Browse: Freely navigate without completion.';
  if (playMode === PLAY_MODE.review) return 'Review: Freely navigate with completion.';
  return null;
}

/** The one-letter badge: "2 Browse (... label B ...); 3 Review (... label R)". */
export function playModeBadge(playMode: number): 'B' | 'R' | null {
  if (playMode === PLAY_MODE.browse) return 'B';
  if (playMode === PLAY_MODE.review) return 'R';
  return null;
}

/** "1 normal (launchable, counts as due)"; the due list keeps play modes 1 and 3 (§4 Drafts and lists). */
export function countsAsDue(playMode: number): boolean {
  return playMode === PLAY_MODE.normal || playMode === PLAY_MODE.review;
}
