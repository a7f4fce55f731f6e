/**
 * The custom-domain check (builder spec section 5: a custom domain URL must match a URL pattern; the
 * pattern is left open), for the sign-in screen and the template configuration's other-org sign-in:
 * an absolute https URL of a host name (http only for localhost / 127.0.0.1, for local orgs), no
 * credentials, query or fragment.
 */
const URL_PATTERN =
  /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?\/?$/;

export function isValidDomainUrl(text: string): boolean {
  const value = text.trim();
  if (!URL_PATTERN.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1';
}
