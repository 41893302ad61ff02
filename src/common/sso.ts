/**
 * Why a single sign-on came back refused: the server redirects to /login?sso_error=<code>
 * and the sign-in page says the sentence (docs/decisions.md, "Single sign-on").
 */
export const SSO_ERRORS = {
  unknown_member:
    'There is no account for your email address here. Ask an admin to add you, then sign in again.',
  email_unverified:
    'Your identity provider has not verified your email address, so it cannot be matched to an account.',
  expired: 'That sign-in link has expired or was already used. Please sign in again.',
  cancelled: 'The sign-in was cancelled at the identity provider.',
  provider:
    'The identity provider could not be reached, or its answer could not be verified. Try again in a moment.',
  rate_limited: 'Too many sign-in attempts from this address. Wait a few minutes and try again.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function ssoErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null;
}
