// Measures POST /api/login end to end (argon2id verify + session insert) on a fresh SQLite
// database: `npx tsx scripts/bench-login.ts [rounds]`.
import { createTestApp } from '../test/helpers/app.ts';
import { buildMember } from '../test/factories/members.ts';

const rounds = Number(process.argv[2] ?? 50);
const t = await createTestApp();
try {
  const member = await buildMember(t.app);
  const payload = { username: member.email, password: member.password };
  await t.app.inject({ method: 'POST', url: '/api/login', payload }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
  console.log(
    `login over ${rounds} rounds: median ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`,
  );
} finally {
  await t.close();
}
