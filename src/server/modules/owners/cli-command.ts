/**
 * `vitrine owner add EMAIL --role ROLE`: the password comes from VITRINE_OWNER_PASSWORD or, when
 * that is unset, from a prompt on the terminal that does not echo it. ROLE is a website role name
 * (ADMIN, STORE_MANAGER, …, any case) or its code (1, 8, …). Everything is validated before the
 * database is opened.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { parseRole, WEBSITE_ROLE_NAMES, roleName } from '../../../shared/roles.ts';
import { newPassword } from '../../../shared/schemas/site-users.ts';
import type { Database } from '../../db/index.ts';
import { addOwner, NoSiteError } from './add-owner.ts';

export const OWNER_PASSWORD_ENV = 'VITRINE_OWNER_PASSWORD';
export const OWNER_USAGE = `vitrine owner add EMAIL --role ROLE   (roles: ${WEBSITE_ROLE_NAMES.join(', ')}; password from ${OWNER_PASSWORD_ENV} or prompted)`;

/** A mistake in the command line; the CLI prints the message and the usage. */
export class OwnerCommandError extends Error {
  constructor(message: string) {
    super(`${message}\nUsage: ${OWNER_USAGE}`);
    this.name = 'OwnerCommandError';
  }
}

async function promptPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new OwnerCommandError(`No terminal to ask for the password: set ${OWNER_PASSWORD_ENV}.`);
  }
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const ask = (question: string) =>
      new Promise<string>((resolve) => {
        muted = false;
        rl.question(question, (answer) => {
          process.stdout.write('\n');
          resolve(answer);
        });
        muted = true;
      });
    const first = await ask('Password: ');
    const second = await ask('Repeat the password: ');
    if (first !== second) throw new OwnerCommandError('The passwords differ.');
    return first;
  } finally {
    rl.close();
  }
}

export interface OwnerCommandIo {
  readonly env: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
  readonly error: (line: string) => void;
  readonly readPassword?: () => Promise<string>;
}

const PROCESS_IO: OwnerCommandIo = {
  env: process.env,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

/**
 * Runs `vitrine owner …` (args after `owner`) and returns the exit code. Mistakes in the command
 * and a database without a site are reported in one line, without a stack.
 */
export async function runOwnerCommand(
  args: readonly string[],
  withDatabase: <T>(work: (database: Database) => Promise<T>) => Promise<T>,
  io: OwnerCommandIo = PROCESS_IO,
): Promise<number> {
  try {
    await ownerCommand(args, withDatabase, io);
    return 0;
  } catch (error) {
    if (error instanceof OwnerCommandError || error instanceof NoSiteError) {
      io.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function ownerCommand(
  args: readonly string[],
  withDatabase: <T>(work: (database: Database) => Promise<T>) => Promise<T>,
  io: OwnerCommandIo,
): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { role: { type: 'string' } },
    });
  } catch (error) {
    throw new OwnerCommandError(error instanceof Error ? error.message : String(error));
  }
  const [sub, email, ...extra] = parsed.positionals;
  if (sub !== 'add' || email === undefined || extra.length > 0)
    throw new OwnerCommandError('Expected: owner add EMAIL --role ROLE.');
  if (!z.email().safeParse(email.trim()).success)
    throw new OwnerCommandError(`"${email}" is not a valid email address.`);
  if (parsed.values.role === undefined) throw new OwnerCommandError('--role is required.');
  const role = parseRole(parsed.values.role);
  if (role === undefined) throw new OwnerCommandError(`Unknown role "${parsed.values.role}".`);
  const password = io.env[OWNER_PASSWORD_ENV] ?? (await (io.readPassword ?? promptPassword)());
  const checked = newPassword.safeParse(password);
  if (!checked.success)
    throw new OwnerCommandError(
      `The password ${checked.error.issues[0]?.message ?? 'is not valid'}.`,
    );
  const outcome = await withDatabase((database) => addOwner(database, { email, role, password }));
  io.log(
    `${outcome === 'created' ? 'Added' : 'Updated'} owner ${email.trim()} with role ${roleName(role) ?? role}.`,
  );
}
