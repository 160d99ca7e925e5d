import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { outbox, subscribers } from '#src/db/schema/index.ts';
import { outboxEvent } from '#src/platform/events.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import { build, type TestApp, testEngine, uniqueEmail } from './helper.ts';

// Typed outbox events and withOutbox (docs/decisions/028-typed-outbox-events.md).
const Noted = outboxEvent('test.noted', z.object({ noteId: z.uuid() }));
const Other = outboxEvent('test.other', z.object({ count: z.number().int() }));

describe(`typed outbox events (${testEngine})`, () => {
  let app: TestApp;
  const handled: { kind: string; payload: unknown }[] = [];
  beforeAll(async () => {
    app = await build({ outboxPollMs: 0 });
    app.deps.outbox.handle(Noted, async (p) => {
      handled.push({ kind: Noted.kind, payload: p });
    });
    app.deps.outbox.handle(Other, async (p) => {
      handled.push({ kind: Other.kind, payload: p });
    });
  });
  const entriesOf = (kind: string) => app.db.select().from(outbox).where(eq(outbox.kind, kind));

  it('carries out what a transaction emitted once it has committed, with the parsed payload', async () => {
    handled.length = 0;
    const noteId = crypto.randomUUID();
    const answer = await withOutbox(app.deps, async (_tx, emit) => {
      await emit(Noted, { noteId });
      await emit(Other, { count: 2 });
      // Nothing runs before the commit.
      expect(handled).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(handled).toEqual([
      { kind: 'test.noted', payload: { noteId } },
      { kind: 'test.other', payload: { count: 2 } },
    ]);
    const [entry] = (await entriesOf('test.noted')).filter((e) => e.payload.noteId === noteId);
    expect(entry?.doneAt).not.toBeNull();
  });

  it('refuses a payload that does not fit its event when it is written: the whole transaction is undone', async () => {
    const email = uniqueEmail();
    const before = (await entriesOf('test.noted')).length;
    await expect(
      withOutbox(app.deps, async (tx, emit) => {
        await tx.insert(subscribers).values({ email });
        // @ts-expect-error — not a uuid at run time either
        await emit(Noted, { noteId: 42 });
      }),
    ).rejects.toThrow();
    expect(await app.db.select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
    expect((await entriesOf('test.noted')).length).toBe(before);
  });

  it('checks a payload again when it is read: an entry that no longer fits never reaches its handler', async () => {
    handled.length = 0;
    const [row] = await app.db
      .insert(outbox)
      .values({ kind: 'test.noted', payload: { noteId: 'not-a-uuid' } })
      .returning({ id: outbox.id });
    await app.deps.outbox.run([row?.id ?? 0]);
    expect(handled).toEqual([]);
    const [entry] = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, row?.id ?? 0));
    expect(entry?.doneAt).toBeNull();
    expect(entry?.lastError).toMatch(/noteId/);
    expect(entry?.attempts).toBe(1);
  });

  it('drops the events of an attempt that failed and was tried again (a deadlock)', async () => {
    handled.length = 0;
    let attempt = 0;
    await withOutbox(app.deps, async (_tx, emit) => {
      attempt++;
      await emit(Other, { count: attempt });
      if (attempt === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    expect(attempt).toBe(2);
    expect(handled).toEqual([{ kind: 'test.other', payload: { count: 2 } }]);
  });

  it('with `background`, answers before the entries are carried out, and carries them out after', async () => {
    handled.length = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = app.deps.outbox.run;
    app.deps.outbox.run = async (ids) => {
      await gate;
      return run(ids);
    };
    try {
      await withOutbox(app.deps, (_tx, emit) => emit(Other, { count: 7 }), { background: 'test mail' });
      expect(handled).toEqual([]);
      release();
      await app.deps.tasks.drain();
      expect(handled).toEqual([{ kind: 'test.other', payload: { count: 7 } }]);
    } finally {
      app.deps.outbox.run = run;
    }
  });

  it('takes one handler per event', () => {
    expect(() => app.deps.outbox.handle(Noted, async () => undefined)).toThrow(/already has a handler/);
  });

  it('every kind the features write has its handler (a feature registers its own)', () => {
    for (const kind of [
      'refund',
      'mail.booking-confirmed',
      'mail.booking-cancelled',
      'mail.refund-settled',
      'mail.email-confirm',
      'mail.password-reset',
      'mail.grievance-raised',
      'mail.grievance-owner',
      'mail.grievance-answered',
      'mail.grievance-closed',
    ])
      expect(() => app.deps.outbox.handle(outboxEvent(kind, z.object({})), async () => undefined)).toThrow(
        /already has a handler/,
      );
  });
});
