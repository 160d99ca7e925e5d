/**
 * The history state a guest's sign-up leaves for the login page it goes to: the address the confirmation link was
 * mailed to (kept by the browser's history, so a reload of that page still says it).
 */
export const signedUpState = (email: string) => ({ signedUp: email });

/** The address just registered, from a page's history state (none when the page was reached otherwise). */
export function signedUpEmailOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('signedUp' in state)) return undefined;
  return typeof state.signedUp === 'string' ? state.signedUp : undefined;
}
