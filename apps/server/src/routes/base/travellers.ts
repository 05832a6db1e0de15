import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Empty, Envelope, IdParams } from '@portal/contract/api/common';
import {
  FrequentPassenger,
  FrequentPassengerBody,
  FrequentPassengerList,
  FrequentPassengerQuery,
  MemberCard,
  MemberCardBody,
  MemberCardList,
  MemberCardQuery,
  PassengerDocumentParams,
  RevealedDocument,
} from '@portal/contract/api/travellers';
import { createCard, deleteCard, listCards, updateCard } from '../../modules/travellers/member-cards.service.ts';
import { createTraveller, deleteTraveller, listTravellers, revealDocument, updateTraveller } from '../../modules/travellers/travellers.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

/**
 * Frequent passengers and member cards (issue 11): /base/v2/often-used-passengers, /base/v2/member-cards. Each user
 * sees and changes only their own travellers; anyone else's id answers 404.
 */
export default async function travellerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, documentKeys: app.deps.documentKeys };
  const tags = ['travellers'];
  const security = [{ bearer: [] }];
  const pre = app.requireUser;

  r.get(
    '/base/v2/often-used-passengers',
    {
      preHandler: pre,
      schema: { tags, security, summary: "The caller's frequent passengers (at most 30), documents masked", querystring: FrequentPassengerQuery, response: { 200: Envelope(FrequentPassengerList) } },
    },
    async (req) => ok(req, await listTravellers(deps, authOf(req), req.query.keyword)),
  );

  r.post(
    '/base/v2/often-used-passengers',
    { preHandler: pre, schema: { tags, security, summary: 'Add a frequent passenger (the 31st is refused)', body: FrequentPassengerBody, response: { 200: Envelope(FrequentPassenger) } } },
    async (req) => ok(req, await createTraveller(deps, authOf(req), req.body)),
  );

  r.put(
    '/base/v2/often-used-passengers/:id',
    {
      preHandler: pre,
      schema: {
        tags,
        security,
        summary: 'Replace a frequent passenger; a document sent with its id and an empty or masked number keeps its number, documents not sent are deleted',
        params: IdParams,
        body: FrequentPassengerBody,
        response: { 200: Envelope(FrequentPassenger) },
      },
    },
    async (req) => ok(req, await updateTraveller(deps, authOf(req), req.params.id, req.body)),
  );

  r.delete(
    '/base/v2/often-used-passengers/:id',
    { preHandler: pre, schema: { tags, security, summary: 'Delete a frequent passenger with its documents and member cards', params: IdParams, response: { 200: Envelope(Empty) } } },
    async (req) => {
      await deleteTraveller(deps, authOf(req), req.params.id);
      return ok(req, null);
    },
  );

  r.get(
    '/base/v2/often-used-passengers/:id/documents/:documentId',
    {
      preHandler: pre,
      schema: { tags, security, summary: 'The full document number, to its owner only (recorded in the user log)', params: PassengerDocumentParams, response: { 200: Envelope(RevealedDocument) } },
    },
    async (req) => ok(req, await revealDocument(deps, authOf(req), req.params.id, req.params.documentId, metaOf(req))),
  );

  r.get(
    '/base/v2/member-cards',
    { preHandler: pre, schema: { tags, security, summary: "Member cards of the caller's frequent passengers", querystring: MemberCardQuery, response: { 200: Envelope(MemberCardList) } } },
    async (req) => ok(req, await listCards(deps, authOf(req), req.query)),
  );

  r.post(
    '/base/v2/member-cards',
    { preHandler: pre, schema: { tags, security, summary: 'Add a frequent flyer card to a frequent passenger', body: MemberCardBody, response: { 200: Envelope(MemberCard) } } },
    async (req) => ok(req, await createCard(deps, authOf(req), req.body)),
  );

  r.put(
    '/base/v2/member-cards/:id',
    { preHandler: pre, schema: { tags, security, summary: 'Edit a member card', params: IdParams, body: MemberCardBody, response: { 200: Envelope(MemberCard) } } },
    async (req) => ok(req, await updateCard(deps, authOf(req), req.params.id, req.body)),
  );

  r.delete(
    '/base/v2/member-cards/:id',
    { preHandler: pre, schema: { tags, security, summary: 'Delete a member card', params: IdParams, response: { 200: Envelope(Empty) } } },
    async (req) => {
      await deleteCard(deps, authOf(req), req.params.id);
      return ok(req, null);
    },
  );
}
