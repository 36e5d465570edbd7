import { PLAY_MODE } from './play-mode.js';

/**
 * "Score shown = score times weight; '-' when 0 or in Browse mode; values between 0 and 1 rounded to
 * 2 decimals" (§9). A weight of 0 or less shows the raw score.
 */
export function scoreText(score: number, scoreWeight: number, playMode: number): string {
  if (playMode === PLAY_MODE.browse) return '-';
  const shown = scoreWeight > 0 ? score * scoreWeight : score;
  if (!Number.isFinite(shown) || shown === 0) return '-';
  if (shown > 0 && shown < 1) return shown.toFixed(2);
  // Strip float noise (80.00000000001) without inventing decimals.
  return String(Math.round(shown * 100) / 100);
}
