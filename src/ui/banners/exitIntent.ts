/**
 * §4 Exit intent: "Opens once per browser session, when the mouse leaves the window within 10px of
 * the top, left or right edge. Only for trial users who are not subscribed, admin or free.
 * Remembered in session storage."
 */
export const EXIT_INTENT_MARGIN_PX = 10;
/** sessionStorage flag: the dialog has been shown in this browser session. */
export const EXIT_INTENT_STORAGE_KEY = 'earnest-exit-intent-shown';

/** True for a mouseout that leaves the window (no related target) near the top, left or right edge. */
export function isExitIntent(
  event: { relatedTarget: EventTarget | null; clientX: number; clientY: number },
  viewportWidth: number,
  margin = EXIT_INTENT_MARGIN_PX,
): boolean {
  if (event.relatedTarget !== null) return false;
  return event.clientY <= margin || event.clientX <= margin || event.clientX >= viewportWidth - margin;
}

export function exitIntentAlreadyShown(): boolean {
  try {
    return sessionStorage.getItem(EXIT_INTENT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberExitIntentShown(): void {
  try {
    sessionStorage.setItem(EXIT_INTENT_STORAGE_KEY, 'true');
  } catch {
    // Without storage it can show once per view instead.
  }
}
