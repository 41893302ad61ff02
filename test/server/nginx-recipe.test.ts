import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NGINX_CONF, templateNginxConf } from '../helpers/nginx.ts';

/**
 * The nginx recipe is one file, deploy/nginx.conf: the README shows it and the two-instances
 * test (behind-proxy.test.ts, PostgreSQL runs) templates it. These checks run on every engine.
 */
describe('deploy/nginx.conf', () => {
  it('refuses to template a file that lost the lines the test replaces', () => {
    expect(() => templateNginxConf('server { listen 80; }\n', 8080, [3001])).toThrow(/lost its/);
    expect(() =>
      templateNginxConf('upstream y {\n    server 10.0.0.1:3000;\n}\n', 8080, [3001]),
    ).toThrow(/lost its/);
  });

  it('is shown in the README as it is', () => {
    const conf = fs.readFileSync(NGINX_CONF, 'utf8');
    expect(fs.readFileSync('README.md', 'utf8')).toContain('```nginx\n' + conf + '```');
  });

  it('templates to the test instances and a loopback listener, keeping everything else', () => {
    const conf = fs.readFileSync(NGINX_CONF, 'utf8');
    const templated = templateNginxConf(conf, 8080, [3001, 3002]);
    expect(templated).toContain('    server 127.0.0.1:3001;\n    server 127.0.0.1:3002;\n');
    expect(templated).toContain('listen 127.0.0.1:8080;');
    expect(templated).not.toMatch(/10\.0\.0\.\d+/);
    for (const line of [
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'client_max_body_size 21m;',
      'proxy_pass http://yardkeep;',
    ]) {
      expect(templated).toContain(line);
    }
  });
});
