import { MessageBody, ErrorBody } from '@repo/shared/schemas/common';
import { SubscribeInput } from '@repo/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribe } from './subscribers.service.ts';

/** /api/subscribers: the footer's subscribe form (idempotent). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags: ['subscribers'],
        summary: 'Subscribe an email to offers; subscribing twice answers the same',
        body: SubscribeInput,
        response: { 200: MessageBody, 400: ErrorBody },
      },
    },
    async (request) => subscribe(app.deps, request.body.email),
  );
};
export default routes;
