import { type Capability, roleMay, type StaffScope } from '@repo/shared/domain/staff';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbidden, notFound } from './errors.ts';

/** What a staff-reachable route acts on: its stay, and the booking when it is one booking's. */
export type StaffSubject = { stayId: string; bookingId?: string | null };

/**
 * A route's rule for staff (ADR 066), in its `config.staff`. A route of the admin area without one is the owner's
 * alone: staff get 403 there (payout details, fees, statements, settlements, staff, creating or deleting stays).
 */
export type StaffRule = {
  /** What the route does; null for a route any staff member may use for themselves (their own profile). */
  capability: Capability | null;
  /**
   * The stay the request acts on, from its (validated) params or query: undefined when the route names no stay (a
   * list, answered for the member's stays only by the route), null when the thing it names does not exist (404).
   */
  subject?: (request: FastifyRequest) => Promise<StaffSubject | null | undefined>;
  /** For a write: records what a staff member did once it succeeded, with its subject (the staff feature's). */
  record?: (request: FastifyRequest, subject: StaffSubject | undefined) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffRule;
  }
  interface FastifyRequest {
    /** The subject a staff member's request was checked against (set by the admin routes' preHandler). */
    staffSubject?: StaffSubject;
  }
}

/**
 * The one check of what someone may do on a stay (ADR 066). An admin acts on their own stays (the services check the
 * stay is theirs). A staff member: a stay not given to them is "not found" (404, as another owner's stay is), an
 * action their role does not have is 403.
 */
export function canOnStay(staff: StaffScope | null, stayId: string | null, capability: Capability | null): void {
  if (!staff) return;
  if (stayId !== null && !staff.stayIds.includes(stayId)) throw notFound();
  if (capability !== null && !roleMay(staff.role, capability)) throw forbidden(STAFF_FORBIDDEN);
}

/** Whether someone may do `capability` at all: an admin always; a staff member when their role has it. */
export const may = (staff: StaffScope | null, capability: Capability) => !staff || roleMay(staff.role, capability);

/** The stays a list answers for: null for an admin (all of theirs), the given ones for a staff member. */
export const staysOf = (staff: StaffScope | null): readonly string[] | null => staff?.stayIds ?? null;

export const STAFF_FORBIDDEN = "Your role at this stay doesn't allow this";

/**
 * A feature's routes of the admin area, under /admin and behind requireAdmin: the token is checked on request,
 * before the body is parsed or validated (401/403 before 400). A stay owner's routes act on their own stays only;
 * the platform's add requirePlatform (ADR 023). This is the one place deciding what staff may reach (ADR 066): a
 * route without a staff rule is 403 to them before anything else; a rule's capability is checked on request, its
 * stay once the params are validated (404 for a stay not given), and a staff member's write that succeeded is
 * recorded.
 */
export async function registerAdminRoutes(app: FastifyInstance, ...plugins: FastifyPluginAsync[]) {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', admin.requireAdmin);
      admin.addHook('onRequest', async (request) => {
        const staff = request.user?.staff ?? null;
        if (!staff) return;
        const rule = request.routeOptions.config.staff;
        if (!rule) throw forbidden(STAFF_FORBIDDEN);
        canOnStay(staff, null, rule.capability);
      });
      admin.addHook('preHandler', async (request) => {
        const staff = request.user?.staff ?? null;
        const rule = request.routeOptions.config.staff;
        if (!staff || !rule?.subject) return;
        const subject = await rule.subject(request);
        if (subject === null) throw notFound();
        if (subject) {
          canOnStay(staff, subject.stayId, rule.capability);
          request.staffSubject = subject;
        }
      });
      // Recorded before the answer leaves, so whoever reads the booking next sees it.
      admin.addHook('onSend', async (request, reply, payload) => {
        const rule = request.routeOptions.config.staff;
        if (!request.user?.staff || !rule?.record || reply.statusCode >= 400) return payload;
        try {
          await rule.record(request, request.staffSubject);
        } catch (err) {
          request.log.error({ err }, 'could not record a staff action');
        }
        return payload;
      });
      for (const plugin of plugins) await admin.register(plugin);
    },
    { prefix: '/admin' },
  );
}
