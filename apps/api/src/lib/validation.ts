import { todayInIndia } from '@repo/shared/domain/dates';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import type { ZodType } from 'zod';

/** Request parts small enough, and asked again often enough, to remember what validating them gave. */
const REMEMBERED = new Set(['querystring', 'params']);

/** Deeply frozen, so that no handler can change a value that later requests receive. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Fastify's validator compiler for our zod schemas (fastify-type-provider-zod), which remembers per route and part
 * what a query string or path parameters validated to. Validation is a function of the input and of the day in
 * India (the stay-date rules read today): the same input on the same day gives the same value, so the value is
 * kept (frozen) under the day and the input, and only inputs that pass are kept. Bodies are always validated.
 */
export function rememberingValidatorCompiler(max = 5000): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const validate = validatorCompiler(route);
    if (!REMEMBERED.has(route.httpPart ?? '')) return validate;
    const seen = new LRUCache<string, { value: unknown }>({ max });
    return (data: unknown) => {
      const key = `${todayInIndia()}|${JSON.stringify(data)}`;
      const hit = seen.get(key);
      if (hit) return hit;
      const result = validate(data) as { value?: unknown; error?: Error | FastifySchemaValidationError[] };
      if (result.error) return result;
      const kept = { value: deepFreeze(result.value) };
      seen.set(key, kept);
      return kept;
    };
  };
}
