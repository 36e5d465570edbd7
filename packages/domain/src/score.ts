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

/** The weight that puts a fraction of the maximum on 0..100: the importer gives it to SCORM lessons
 * with a mastery score. */
export const PERCENT_SCORE_WEIGHT = 100;

/**
 * A lesson's score as the learner reads it, as a percentage wherever it is one. Scores are kept as
 * fractions of the maximum (0..1; §9 "values between 0 and 1"), so a 100 % quiz is 1:
 * - Browse mode, or a score of 0: '-' (§9);
 * - no weight (0 or less, as an imported lesson without a mastery score has) or the percent weight
 *   100: the score times 100 with '%', at most one decimal ('80%', '66.7%');
 * - any other weight is a number of points: §9's "score times weight" as scoreText writes it.
 * Used wherever a score is shown (course details, the completion report).
 */
export function formatScorePercent(score: number, scoreWeight: number, playMode: number): string {
  if (scoreWeight > 0 && scoreWeight !== PERCENT_SCORE_WEIGHT) {
    return scoreText(score, scoreWeight, playMode);
  }
  if (playMode === PLAY_MODE.browse || !Number.isFinite(score) || score === 0) return '-';
  return `${Math.round(score * 1000) / 10}%`;
}
