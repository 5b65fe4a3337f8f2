/**
 * Whether a path belongs to the back office or the crew app (ADR 077), which have their own frame instead of the site's.
 * Apart from the back office's shell, so that the root module (every visitor's page) does not pull
 * that shell, its sheet and its text into the browser (ADR 054).
 */
export function isBackOfficePath(pathname: string): boolean {
  return /^\/(admin|franchisee|crew)(\/|$)/.test(pathname);
}
