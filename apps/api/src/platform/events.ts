import type { z } from 'zod';

/** A payload schema: an object of ids (or of a whole mail), stored as the entry's JSON. */
export type PayloadSchema = z.ZodType<Record<string, unknown>>;

/**
 * An event a feature writes to the outbox in its transaction and carries out after the commit (ADR 028): its kind,
 * stored with each entry, and its payload's schema, checked when the entry is written and again when it is read.
 * Each event is declared once, in the `events.ts` of the feature that handles it; `emit(Event, payload)` and
 * `outbox.handle(Event, handler)` both name that declaration, so 'go to definition' leads from the one to the other.
 */
export type OutboxEvent<K extends string = string, S extends PayloadSchema = PayloadSchema> = {
  readonly kind: K;
  readonly schema: S;
};

export const outboxEvent = <const K extends string, S extends PayloadSchema>(kind: K, schema: S): OutboxEvent<K, S> => ({
  kind,
  schema,
});

/** The payload an event is written with, and the one its handler gets. */
export type PayloadIn<E extends OutboxEvent> = z.input<E['schema']>;
export type PayloadOut<E extends OutboxEvent> = z.output<E['schema']>;

/** Writes an event in the transaction it was given to (withOutbox); it is carried out once that has committed. */
export type Emit = <E extends OutboxEvent>(event: E, payload: PayloadIn<E>) => Promise<void>;
