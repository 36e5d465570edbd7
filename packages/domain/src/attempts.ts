/**
 * Attempt texts of §8: 'Unlimited attempts', 'No attempts left', '1 attempt left', 'N attempts left'.
 * A maximum of 0 or less means unlimited.
 */
export function attemptsText(maxAttempts: number, attempts: number): string {
  if (maxAttempts <= 0) return 'Unlimited attempts';
  const left = attemptsLeft(maxAttempts, attempts);
  if (left <= 0) return 'No attempts left';
  return left === 1 ? '1 attempt left' : `${left} attempts left`;
}

/** Attempts left; Infinity when unlimited (maximum 0 or less). */
export function attemptsLeft(maxAttempts: number, attempts: number): number {
  if (maxAttempts <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, maxAttempts - Math.max(0, attempts));
}
