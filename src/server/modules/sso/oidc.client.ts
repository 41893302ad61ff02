import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';

/** Seconds any one request to the identity provider may take. */
const PROVIDER_TIMEOUT_S = 5;
/** The discovered provider is kept this long, then looked up again (keys rotate). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

/** Why talking to the identity provider failed: the sign-in page says which. */
export class ProviderError extends Error {}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  claims: Record<string, unknown>;
}

/**
 * The identity provider, discovered lazily (a provider that is down at start does not stop
 * Yardkeep) and again after DISCOVERY_TTL_MS. openid-client does the protocol: PKCE (S256),
 * state, nonce, and the ID token's issuer, audience, expiry and signature (the issuer's
 * published keys: non-repudiation checks on, not just TLS trust).
 */
export function oidcClient(settings: OidcConfig, redirectUri: string) {
  let discovered: { config: oidc.Configuration; at: number } | null = null;

  async function configuration(): Promise<oidc.Configuration> {
    if (discovered && Date.now() - discovered.at < DISCOVERY_TTL_MS) return discovered.config;
    const issuer = new URL(settings.issuer);
    const config = await oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        // Plain http only for a provider on this machine (tests, a local Keycloak); anything
        // reached over a network must be https.
        execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        throw new ProviderError(`could not discover ${settings.issuer}: ${String(err)}`);
      });
    oidc.enableNonRepudiationChecks(config);
    discovered = { config, at: Date.now() };
    return config;
  }

  return {
    /** Where to send the browser, and the secrets to keep until it comes back. */
    async begin(): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Trades the code for tokens and answers who the verified ID token says this is. */
    async finish(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        // A keys lookup may have failed because the provider rotated them: look again next time.
        discovered = null;
        throw new ProviderError(`the sign-in could not be verified: ${String(err)}`);
      }
      const idToken = tokens.claims();
      if (!idToken) throw new ProviderError('the provider sent no ID token');
      let claims: Record<string, unknown> = { ...idToken };
      // Many providers put email only in the UserInfo answer: ask there when the token lacks it.
      if (typeof claims.email !== 'string') {
        const info = await oidc
          .fetchUserInfo(config, tokens.access_token, idToken.sub)
          .catch((err: unknown) => {
            throw new ProviderError(`could not read the member's email: ${String(err)}`);
          });
        claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
      return {
        subject: idToken.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        claims,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof oidcClient>;

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
