import type { Clock, Deps } from '#src/platform/deps.ts';
import type { Mail, Mailer } from '#src/platform/mail.ts';

/** The seed's clock: the present, unless the seed sets a moment (a booking made weeks ago). */
export type SeedClock = Clock & { set(at: Date | null): void };

export function seedClock(): SeedClock {
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set(at) {
      fixed = at;
    },
  };
}

/** The seed's mailbox: the demo accounts' mails are kept here (their confirmation links are opened), none is sent. */
export type MailCatcher = Mailer & {
  /** The first match of `pattern` in a mail to `to`, waiting (a few seconds at most) for the mail to be written. */
  linkTo(to: string, pattern: RegExp): Promise<RegExpMatchArray>;
};

export function mailCatcher(): MailCatcher {
  const mails: Mail[] = [];
  const waiting = new Set<() => void>();
  const find = (to: string, pattern: RegExp) => {
    for (const m of mails) if (m.to === to) return m.text.match(pattern) ?? undefined;
    return undefined;
  };
  return {
    async send(mail) {
      mails.push(mail);
      for (const wake of waiting) wake();
    },
    close() {},
    async linkTo(to, pattern) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = find(to, pattern);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`seed: no mail to ${to}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
  };
}

/**
 * Runs `seed` with the app's services on the seed's clock and mailbox, then gives them back the app's own (once the
 * mails and other work the seed started are done). The app must not serve anyone meanwhile: the server seeds before
 * it listens.
 */
export async function withSeedDeps(deps: Deps, clock: SeedClock, mail: MailCatcher, seed: () => Promise<void>) {
  const own = { clock: deps.clock, mail: deps.mail };
  deps.clock = clock;
  deps.mail = mail;
  try {
    await seed();
    await deps.tasks.drain();
  } finally {
    deps.clock = own.clock;
    deps.mail = own.mail;
  }
}
