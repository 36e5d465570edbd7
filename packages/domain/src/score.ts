import { PLAY_MODE } from './play-mode.js';

/**
 * §9's rule word for word, for a client that keeps raw scores: "Score shown = score times weight;
 * '-' when 0 or in Browse mode; values between 0 and 1 rounded to 2 decimals". A weight of 0 or
 * less shows the raw score. Waypoint's screens use its reading of the rule, formatScorePercent.
 */
export function scoreText(score: number, scoreWeight: number, playMode: number): string {
  if (playMode === PLAY_MODE.browse) return '-';
  const shown = scoreWeight > 0 ? score * scoreWeight : score;
  if (!Number.isFinite(shown) || shown === 0) return '-';
  if (shown > 0 && shown < 1) return shown.toFixed(2);
  // Strip float noise (80.00000000001) without inventing decimals.
  return String(Math.round(shown * 100) / 100);
}

/** The weight that puts a fraction of the maximum on 0..100 (§9 "score times weight"). */
export const PERCENT_SCORE_WEIGHT = 100;

/**
 * The score as every screen and export shows it (docs/decisions/0010 "Scores"): the panel, the
 * Completion Report's table and tree, the training record's CSV and PDF, the certificate page and
 * PDF, and the credential's result. Waypoint keeps every score as a fraction of the maximum
 * (0..1: §9 "values between 0 and 1"; a SCORM commit's percentage is stored divided by 100), so
 * §9's "score times weight" is read with the percent weight 100:
 * - Browse mode, a score of 0 or none: '-' (§9);
 * - else the percentage with '%' and at most one decimal, cut rather than rounded, so that a score
 *   never shows above what was reached (79.96 % is '79.9%', never a pass mark of '80%'; 99.96 % is
 *   never '100%').
 * The lesson's own score weight marks an exam (§4) and does not change the percentage.
 */
export function formatScorePercent(score: number, playMode: number): string {
  if (playMode === PLAY_MODE.browse || !Number.isFinite(score) || score === 0) return '-';
  // Tenths of a percent, with float noise (0.29 * 1000 = 289.99999999999997) rounded off first.
  const tenths = Math.floor(Math.round(score * 1_000_000) / 1000);
  return `${tenths / 10}%`;
}
