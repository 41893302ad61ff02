import { emailSchema, passwordSchema } from '../../common/schemas/member.ts';
import {
  argumentsOrExit,
  commandIo,
  isEntryPoint,
  parseCommandArgs,
  runOnDatabase,
  type CommandOptions,
} from './cli-kit.ts';
import { randomPassword, upsertAdmin } from '../modules/members/members.service.ts';

export const USAGE = `Usage: npm run admin -- --email <email> [--password <password>]

Creates an admin with this email. If a member with this email already exists, sets
their password, makes them an admin and signs them out everywhere.

  --email <email>        the admin's email address (required)
  --password <password>  at least 8 characters; leave it out to get a random one,
                         printed once (a password typed here stays in the shell history)
  --help                 show this text

It uses the same database as the server: DATABASE_URL, or the SQLite file in DATA_DIR.`;

export type AdminCommandOptions = CommandOptions;

type Parsed = { help: true } | { email: string; password: string | undefined } | { error: string };

export function parseAdminArgs(argv: string[]): Parsed {
  const parsed = parseCommandArgs<{ email?: string; password?: string }>(argv, {
    email: { type: 'string' },
    password: { type: 'string' },
  });
  if (!('values' in parsed)) return parsed;
  const { values } = parsed;
  if (values.email === undefined) return { error: 'The --email option is required.' };
  const email = emailSchema.safeParse(values.email);
  if (!email.success) return { error: `${email.error.issues[0]?.message}: ${values.email}` };
  if (values.password !== undefined) {
    const password = passwordSchema.safeParse(values.password);
    if (!password.success) return { error: password.error.issues[0]?.message ?? 'Bad password' };
  }
  return { email: email.data, password: values.password };
}

/** The whole command; returns the exit code, so tests can run it without a process. */
export async function runAdminCommand(
  argv: string[],
  options: AdminCommandOptions = {},
): Promise<number> {
  const io = commandIo(options);
  const { out } = io;
  const args = argumentsOrExit(parseAdminArgs(argv), USAGE, io);
  if (typeof args === 'number') return args;

  return runOnDatabase(options, io, 'admin', async (database) => {
    const password = args.password ?? randomPassword();
    const result = await upsertAdmin(database, { email: args.email, password });
    out(
      result.created
        ? `Created the admin ${args.email}.`
        : `${args.email} is now an admin with a new password; their sessions were ended.`,
    );
    if (!args.password) {
      out(`Password: ${password}`);
      out('It is shown only this once; change it after signing in.');
    }
    return 0;
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runAdminCommand(process.argv.slice(2));
}
