import { IdParams, MessageBody } from '@repo/shared/schemas/common';
import { StayDto, StayResult, StaysList, StayTypeQuery, TypesResult } from '@repo/shared/schemas/stay';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { authUser, ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { STAY_MSG } from './messages.ts';
import { readStayForm } from './stay-form.ts';
import * as stays from './stays.service.ts';

const tags = ['admin stays'];
const security = [{ bearer: [] }];
const multipartDoc =
  'multipart/form-data: the stay fields (StayFields), one `hotelImage` file and up to 12 `roomImages` files (images only, 5 MB each).';

/**
 * /api/admin/stays: the stays of the signed-in admin (behind requireAdmin). Their staff see the stays given to them
 * (and a manager changes them); adding and deleting stays is the owner's (ADR 066).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  /** The owner's stays, or those given to a staff member. */
  const visibleStays = async (request: FastifyRequest, type?: Parameters<typeof stays.ownedStays>[2]) => {
    const all = await stays.ownedStays(deps, ownerOf(request), type);
    const given = authUser(request).staff?.stayIds;
    return given ? all.filter((s) => given.includes(s.id)) : all;
  };

  app.get(
    '/stays/types',
    { config: { staff: staffMay('stays.view') }, schema: { tags, security, response: { 200: TypesResult } } },
    async (request) => {
      if (!authUser(request).staff) return { types: await stays.ownedTypes(deps, authUser(request).id) };
      const types = new Set((await visibleStays(request)).map((s) => s.type));
      return { types: [...types].sort() };
    },
  );

  app.get(
    '/stays',
    {
      config: { staff: staffMay('stays.view') },
      schema: { tags, security, querystring: StayTypeQuery, response: { 200: StaysList } },
    },
    async (request) => ({ stays: await visibleStays(request, request.query.type) }),
  );

  app.post(
    '/stays',
    { schema: { tags, security, description: multipartDoc, response: { 201: StayResult } } },
    async (request, reply) => {
      const user = authUser(request);
      const form = await readStayForm(request);
      const stay = await stays.createStay(deps, user, form);
      return reply.status(201).send({ stay });
    },
  );

  app.get(
    '/stays/:id',
    {
      config: { staff: staffMay('stays.view', { kind: 'stay' }) },
      schema: { tags, security, params: IdParams, response: { 200: StayDto } },
    },
    async (request) => stays.getOwnedStay(deps, ownerOf(request), request.params.id),
  );

  app.put(
    '/stays/:id',
    {
      config: { staff: staffMay('stays.edit', { kind: 'stay' }, 'editStay') },
      schema: {
        tags,
        security,
        params: IdParams,
        description: `${multipartDoc} Field keepRoomImages lists the keys of existing room images to keep.`,
        response: { 200: StayResult },
      },
    },
    async (request) => {
      const user = authUser(request);
      const form = await readStayForm(request);
      return {
        stay: await stays.updateStay(deps, { id: ownerOf(request), isPlatform: user.isPlatform }, request.params.id, form),
      };
    },
  );

  app.delete('/stays/:id', { schema: { tags, security, params: IdParams, response: { 200: MessageBody } } }, async (request) => {
    const { archived } = await stays.deleteStay(deps, authUser(request).id, request.params.id);
    return { message: archived ? STAY_MSG.archived : STAY_MSG.deleted };
  });
};
export default routes;
