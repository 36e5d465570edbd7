/** Comment rules (spec §2 Comments screen, §3 Annotation, §9). */

/** §9: "Comment annotation type 'comment'". */
export const ANNOTATION_TYPE_COMMENT = 'comment';
/** §9: "default parent -1" (a comment that is not a reply). */
export const ANNOTATION_NO_PARENT = -1;
/** A comment's text, once trimmed, is 1 to this many characters. */
export const COMMENT_MAX_LENGTH = 2000;

export const COMMENT_EMPTY_MESSAGE = 'Write a comment first.';
export const COMMENT_TOO_LONG_MESSAGE = `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`;

/**
 * Why a comment's text cannot be posted, or null when it can. Comments are plain text: trimmed,
 * 1 to 2,000 characters (counted as the characters a person sees, not UTF-16 units).
 */
export function commentTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return COMMENT_EMPTY_MESSAGE;
  if ([...trimmed].length > COMMENT_MAX_LENGTH) return COMMENT_TOO_LONG_MESSAGE;
  return null;
}
