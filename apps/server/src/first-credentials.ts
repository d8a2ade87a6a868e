import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { verifyPassword } from './auth/passwords';
import type { Db } from './db/client';
import { users } from './db/schema/employees';
import { sessions } from './db/schema/session';

// The generated passwords of the accounts a first start makes (the super-user without ADMIN_PASSWORD,
// the demo customer's owner), kept so that every start prints them again until the account is used:
// a first start that scrolled away, or stopped on an error after printing, must not lose them. They
// live in DATA_DIR/first-start-credentials.json, readable by its owner only (0600), and an account's
// entry is deleted at its first sign-in or password change (the session routes call `forget`), or at
// the next start when the database shows either happened (`pending`). A password the operator chose
// (ADMIN_PASSWORD) is never written or printed.

export const CREDENTIALS_FILE = 'first-start-credentials.json';

export type FirstAccount = 'super-user' | 'demo';

const entry = z.object({
  account: z.enum(['super-user', 'demo']),
  email: z.string(),
  password: z.string(),
});
export type FirstCredential = z.infer<typeof entry>;

/** A password for an account nobody has chosen one for: 16 random base64url characters (96 bits). */
export const newPassword = () => randomBytes(12).toString('base64url');

export class FirstCredentials {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, CREDENTIALS_FILE);
  }

  /** What is kept; an unreadable or foreign file reads as nothing (it is rewritten on the next change). */
  list(): FirstCredential[] {
    if (!existsSync(this.file)) return [];
    try {
      return z.array(entry).parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch {
      return [];
    }
  }

  /** The kept password of `account` for `email`, if any (a start interrupted before it made the account). */
  password(account: FirstAccount, email: string): string | undefined {
    return this.list().find((c) => c.account === account && same(c.email, email))?.password;
  }

  /** Kept before the account is made: a crash in between leaves a password, never an account without one. */
  remember(credential: FirstCredential): void {
    this.write([...this.list().filter((c) => c.account !== credential.account), credential]);
  }

  /** The account signed in or changed its password: its entry goes (the file too, once empty). */
  forget(email: string): void {
    const list = this.list();
    const rest = list.filter((c) => !same(c.email, email));
    if (rest.length !== list.length) this.write(rest);
  }

  /**
   * The entries still to print: their account exists, has never signed in (no session was ever made
   * for it) and still has the kept password. The others are deleted.
   */
  async pending(db: Db): Promise<FirstCredential[]> {
    const list = this.list();
    const keep: FirstCredential[] = [];
    for (const credential of list) {
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${credential.email.toLowerCase()}`, eq(users.isActive, true)));
      if (!user) continue;
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .limit(1);
      if (!session && (await verifyPassword(user.passwordHash, credential.password))) keep.push(credential);
    }
    if (keep.length !== list.length) this.write(keep);
    return keep;
  }

  private write(list: FirstCredential[]): void {
    if (list.length === 0) {
      rmSync(this.file, { force: true });
      return;
    }
    // Written whole under another name, then renamed: a crash never leaves half a file.
    const next = `${this.file}.${process.pid}.tmp`;
    writeFileSync(next, `${JSON.stringify(list, null, 2)}\n`, { mode: 0o600 });
    renameSync(next, this.file);
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The block a start prints for an account still waiting for its first sign-in. */
export function credentialsNotice(credential: FirstCredential, created: boolean, file: string): string {
  const line = '='.repeat(72);
  const title =
    credential.account === 'super-user'
      ? created
        ? 'First start: super-user created'
        : 'Super-user (not signed in yet)'
      : created
        ? 'Demo customer "Demo Solar Lighting" created (DEMO=0 turns the demo off)'
        : 'Demo customer "Demo Solar Lighting" owner (not signed in yet)';
  return [
    '',
    line,
    ` ${title}`,
    `   e-mail:   ${credential.email}`,
    `   password: ${credential.password}`,
    ' Shown at every start until this account signs in or changes its password; kept until then in',
    ` ${file} (readable by you only).`,
    line,
    '',
    '',
  ].join('\n');
}
