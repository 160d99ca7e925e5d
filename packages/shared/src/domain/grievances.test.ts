import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acknowledgeBy, clockState, formatDateTime, grievanceClocks, resolveBy, ticketNumber } from './grievances.ts';

const at = (iso: string) => new Date(iso);

describe('grievance clocks', () => {
  it('acknowledgement is due 48 hours after the complaint is raised', () => {
    expect(acknowledgeBy(at('2026-11-25T10:00:00.000Z')).toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });
  it('resolution is due one calendar month later, India time, on the last day of a shorter month', () => {
    expect(resolveBy(at('2026-11-25T10:00:00.000Z')).toISOString()).toBe('2026-12-25T10:00:00.000Z');
    // 31/01 10:00 in India → 28/02 10:00 (2027 is not a leap year).
    expect(formatDateTime(resolveBy(at('2027-01-31T04:30:00.000Z')))).toBe('28/02/2027 10:00');
    // 23:30 on 31/12 in India (18:00 UTC) → 31/01 23:30, in India's month, not UTC's.
    expect(formatDateTime(resolveBy(at('2026-12-31T18:00:00.000Z')))).toBe('31/01/2027 23:30');
  });
  it('is never earlier than 28 days nor later than 31 days after raising', () => {
    fc.assert(
      fc.property(fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        const days = (resolveBy(d).getTime() - d.getTime()) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(28);
        expect(days).toBeLessThanOrEqual(31);
      }),
    );
  });
  it('says met, late, running or overdue', () => {
    const due = '2026-11-27T10:00:00.000Z';
    expect(clockState(due, '2026-11-26T10:00:00.000Z', at('2026-12-01T00:00:00Z'))).toBe('met');
    expect(clockState(due, due, at('2026-12-01T00:00:00Z'))).toBe('met');
    expect(clockState(due, '2026-11-27T10:00:01.000Z', at('2026-12-01T00:00:00Z'))).toBe('late');
    expect(clockState(due, null, at('2026-11-27T09:59:59Z'))).toBe('running');
    expect(clockState(due, null, at('2026-11-27T10:00:01Z'))).toBe('overdue');
  });
  it('gives both clocks of a ticket', () => {
    const raised = at('2026-11-25T10:00:00.000Z');
    const clocks = grievanceClocks(
      {
        acknowledgeBy: acknowledgeBy(raised).toISOString(),
        acknowledgedAt: null,
        resolveBy: resolveBy(raised).toISOString(),
        closedAt: null,
      },
      at('2026-11-28T00:00:00Z'),
    );
    expect(clocks.acknowledgement.state).toBe('overdue');
    expect(clocks.resolution.state).toBe('running');
  });
  it('numbers tickets GRV- and six digits at least', () => {
    expect(ticketNumber(42)).toBe('GRV-000042');
    expect(ticketNumber(1234567)).toBe('GRV-1234567');
  });
});
