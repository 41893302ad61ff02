import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** The documented configuration (README, "Running on several machines"). */
export const NGINX_CONF = path.resolve('deploy/nginx.conf');
/** Debian's nginx package; `.ci/run` installs it. */
export const NGINX_BIN = '/usr/sbin/nginx';
/** A response header naming the instance (address:port) that answered, added by the test only. */
export const UPSTREAM_HEADER = 'x-yardkeep-upstream';

export interface Nginx {
  port: number;
  base: string;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf as an operator installs it, with the test's addresses in place of the
 * example ones: the instances' ports in the upstream, a loopback port to listen on. Fails
 * when the file no longer has the lines it replaces, so the recipe and the test cannot drift.
 */
export function templateNginxConf(text: string, listenPort: number, upstreamPorts: number[]) {
  const servers = [...text.matchAll(/^\s*server \d+\.\d+\.\d+\.\d+:\d+;$/gm)];
  const listens = [...text.matchAll(/^\s*listen \d+;$/gm)];
  if (servers.length === 0 || listens.length !== 1) {
    throw new Error(`${NGINX_CONF} lost its "server a.b.c.d:port;" or "listen port;" lines`);
  }
  const upstream = upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n');
  return text
    .replace(/(^\s*server \d+\.\d+\.\d+\.\d+:\d+;\n)+/m, `${upstream}\n`)
    .replace(/^\s*listen \d+;$/m, `    listen 127.0.0.1:${listenPort};`);
}

/**
 * nginx in the foreground as a child process, on a private prefix folder (pid, logs and
 * temporary files), including the templated deploy/nginx.conf. The test's own addition is
 * a header telling which instance answered.
 */
export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<Nginx> {
  if (!fs.existsSync(NGINX_BIN)) {
    throw new Error(`${NGINX_BIN} is missing: apt-get install nginx (.ci/run does)`);
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-nginx-'));
  // Workers may run as another user than the master (root): they must reach the prefix.
  fs.chmodSync(prefix, 0o755);
  fs.writeFileSync(
    path.join(prefix, 'yardkeep.conf'),
    templateNginxConf(fs.readFileSync(NGINX_CONF, 'utf8'), listenPort, upstreamPorts),
  );
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      'pid nginx.pid;',
      'error_log error.log info;',
      'events { worker_connections 256; }',
      'http {',
      '  access_log access.log;',
      '  client_body_temp_path body;',
      '  proxy_temp_path proxy;',
      '  fastcgi_temp_path fastcgi;',
      '  uwsgi_temp_path uwsgi;',
      '  scgi_temp_path scgi;',
      `  add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
      '  include yardkeep.conf;',
      '}',
      '',
    ].join('\n'),
  );
  const errorLog = path.join(prefix, 'error.log');
  const child: ChildProcess = spawn(
    NGINX_BIN,
    ['-p', `${prefix}/`, '-c', 'nginx.conf', '-e', errorLog, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const log = () => output + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  const deadline = Date.now() + 10_000;
  while (!(await listening(listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port: listenPort,
    base: `http://127.0.0.1:${listenPort}`,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // TERM: nginx's fast shutdown, workers included.
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });
}
