import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { applyServerErrors, showSubmitError } from './server-errors';

type Form = { title: string; roomNumbers: number[]; price: number };

describe('applyServerErrors', () => {
  it('puts each message under its field, a list item’s under the list, and skips unknown fields', () => {
    const setError = vi.fn();
    const err = new ApiError('Invalid', 400, undefined, { title: 'Too short', 'roomNumbers.1': 'Taken', other: 'x' });
    expect(applyServerErrors<Form>(err, setError, ['title', 'roomNumbers', 'price'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'Too short' }],
      ['roomNumbers', { type: 'server', message: 'Taken' }],
    ]);
  });

  it('does nothing for an error without field messages', () => {
    const setError = vi.fn();
    expect(applyServerErrors<Form>(new Error('offline'), setError, ['title'])).toBe(false);
    expect(applyServerErrors<Form>(new ApiError('Nope', 409), setError, ['title'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('showSubmitError', () => {
  it('puts the field messages under the fields and toasts the message in the given area', () => {
    const fromError = vi.spyOn(toast, 'fromError').mockImplementation(() => {});
    const setError = vi.fn();
    const err = new ApiError('Email already registered', 409, undefined, { email: 'Email already registered' });
    showSubmitError<{ email: string }>(setError, ['email'], 'admin')(err);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Email already registered' });
    expect(fromError).toHaveBeenCalledWith(err, 'admin');
    fromError.mockRestore();
  });
});
