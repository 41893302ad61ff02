import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './server-process.ts';

export const OIDC_CLIENT = { id: 'yardkeep', secret: 'yardkeep-test-secret' };

export interface TestProvider {
  issuer: string;
  /** The settings that point a Yardkeep at this provider. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (test/fixtures/oidc-provider.mjs) on a loopback port. Its port is
 * chosen first so a Yardkeep can be configured with the issuer before either starts;
 * `redirectUris` are the callbacks it will accept.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  accounts?: Record<string, Record<string, unknown>>;
  clockOffsetS?: number;
  port?: number;
}): Promise<TestProvider> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [path.resolve('test/fixtures/oidc-provider.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      REDIRECT_URIS: options.redirectUris.join(','),
      ACCOUNTS: JSON.stringify(options.accounts ?? {}),
      CLOCK_OFFSET_S: String(options.clockOffsetS ?? 0),
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready ')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the OIDC provider exited (${code}): ${output}`)));
  });
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    env: providerEnv(issuer),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function providerEnv(issuer: string): Record<string, string> {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_NAME: 'Studio ID',
    OIDC_SCOPES: 'openid email groups',
  };
}

/**
 * What a browser does at the provider, over plain HTTP: follows the authorization address,
 * fills the provider's login form with `login`, and answers the address the provider sends
 * the browser back to (Yardkeep's callback, with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form at ${url}: ${res.status} ${html.slice(0, 300)}`);
    const posted = await send(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    url = new URL(posted.headers.get('location') ?? '', url).href;
  }
  throw new Error('the provider never sent the browser back');
}
