import { StayDatesQuery } from '@repo/shared/schemas/search';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { rememberingValidatorCompiler } from './validation.ts';

type Result = { value?: unknown; error?: unknown };

const compile = (httpPart: string, schema: ZodType = StayDatesQuery) =>
  rememberingValidatorCompiler()({ schema, httpPart, method: 'GET', url: '/x' } as Parameters<
    ReturnType<typeof rememberingValidatorCompiler>
  >[0]) as (data: unknown) => Result;

describe('the remembering validator compiler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the same frozen value for the same query string on the same day', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T06:00:00Z'), toFake: ['Date'] });
    const validate = compile('querystring');
    const first = validate({ checkIn: '2026-11-25', checkOut: '2026-11-27' });
    const again = validate({ checkIn: '2026-11-25', checkOut: '2026-11-27' });
    expect(first.value).toEqual({ checkIn: '2026-11-25', checkOut: '2026-11-27' });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(validate({ checkIn: '2026-11-26', checkOut: '2026-11-27' }).value).not.toBe(first.value);
  });

  it('validates again on the next day in India: a check-in of today is past tomorrow', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T18:00:00Z'), toFake: ['Date'] });
    const validate = compile('querystring');
    const query = { checkIn: '2026-11-23', checkOut: '2026-11-24' };
    expect(validate(query).error).toBeUndefined();
    vi.setSystemTime(new Date('2026-11-23T18:30:00Z'));
    expect(validate(query).error).toBeDefined();
  });

  it('does not keep what failed, and always validates bodies', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T06:00:00Z'), toFake: ['Date'] });
    const validate = compile('querystring');
    expect(validate({ checkIn: 'soon', checkOut: '2026-11-27' }).error).toBeDefined();
    expect(validate({ checkIn: 'soon', checkOut: '2026-11-27' }).error).toBeDefined();
    const body = compile('body');
    const a = body({ checkIn: '2026-11-25', checkOut: '2026-11-27' });
    const b = body({ checkIn: '2026-11-25', checkOut: '2026-11-27' });
    expect(b.value).toEqual(a.value);
    expect(b.value).not.toBe(a.value);
    expect(Object.isFrozen(a.value)).toBe(false);
  });
});
