import type { Capability } from '@repo/shared/domain/staff';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StaffRule } from '#src/lib/admin-scope.ts';
import type { ActionWord } from './messages.ts';
import { recordAction } from './staff.service.ts';
import { type SubjectKind, subjectOf } from './staff.repository.ts';

/** Where a route names the thing it acts on: a param or query field, and what kind of thing it is. */
export type SubjectAt = { kind: SubjectKind; in?: 'params' | 'query'; key?: string };

const idIn = (request: FastifyRequest, at: SubjectAt): string | undefined => {
  const key = at.key ?? 'id';
  const parsed = z.record(z.string(), z.unknown()).safeParse(at.in === 'query' ? request.query : request.params);
  const value = parsed.success ? parsed.data[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * A route's staff rule (ADR 066, checked by lib/admin-scope.ts): the capability it needs, the thing it acts on (whose
 * stay must be given to the member; a thing that does not exist is 404) and, for a write, what it is recorded as.
 */
export function staffMay(capability: Capability | null, on?: SubjectAt | readonly SubjectAt[], record?: ActionWord): StaffRule {
  // Several places: the first one the request names decides.
  const places = on === undefined ? [] : 'kind' in on ? [on] : on;
  return {
    capability,
    ...(places.length > 0 && {
      subject: async (request: FastifyRequest) => {
        for (const at of places) {
          const id = idIn(request, at);
          if (id !== undefined) return (await subjectOf(request.server.deps.db, at.kind, id)) ?? null;
        }
        return undefined;
      },
    }),
    ...(record && {
      record: (request: FastifyRequest, subject) => recordAction(request.server.deps, request, subject, record),
    }),
  };
}
