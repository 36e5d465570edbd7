/**
 * §2 Login screen: "further controls and a live-background variant appear when the {product}-login
 * option is shown (hideCPaTLogin)". The field hides the option: 0 or less shows it (the live
 * background and its pause control), above 0 hides it, and nothing shows while the LMS info is
 * unknown (ADR 0010).
 */
export function showsWaypointLoginOption(hideCPaTLogin: number | null | undefined): boolean {
  return typeof hideCPaTLogin === 'number' && hideCPaTLogin <= 0;
}
