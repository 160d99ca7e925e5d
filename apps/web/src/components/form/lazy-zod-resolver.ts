import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & {
  /** Starts loading the schema and the resolver (e.g. when the form gets focus), so the first submit does not wait. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a shared zod schema that loads the schema (and zod with it) on first use instead of
 * with the screen: a form on a screen people land on (login) paints without waiting for the validation code. The
 * rules and messages are the shared schema's, exactly as with `zodResolver(schema)`.
 */
export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) =>
      zodResolver<Input, unknown, Output>(schema),
    );
    return ready;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      void load();
    },
  });
}
