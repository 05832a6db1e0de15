import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { RaiseScheduleChangeBody, SimulatedScheduleChange, SupplierCodeParams, SupplierItem, SuppliersAnswer, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import { listSuppliers, raiseSupplierScheduleChange, updateSupplier } from '../../modules/suppliers-admin/suppliers-admin.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

/** Platform-only: the simulated air and rail suppliers' fault switches, so every error path of the spec can be demonstrated. */
export default async function supplierAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, airSuppliers, railSuppliers } = app.deps;
  const tags = ['suppliers'];
  const security = [{ bearer: [] }];

  r.get(
    '/base/v2/suppliers',
    {
      preHandler: app.requirePlatformAdmin,
      schema: { tags, security, summary: 'Every registered air and rail supplier with its simulator switches and which of them it honours (platform SuperUser)', response: { 200: Envelope(SuppliersAnswer) } },
    },
    async (req) => ok(req, await listSuppliers(db, airSuppliers, railSuppliers)),
  );

  r.put(
    '/base/v2/suppliers/:code',
    {
      preHandler: app.requirePlatformAdmin,
      schema: {
        tags,
        security,
        summary: "Change some of a supplier's switches (platform SuperUser); the others are kept. Takes effect on the next supplier call; a switch the supplier does not honour is refused",
        params: SupplierCodeParams,
        body: UpdateSupplierBody,
        response: { 200: Envelope(SupplierItem) },
      },
    },
    async (req) => ok(req, await updateSupplier(db, airSuppliers, railSuppliers, authOf(req), req.params.code, req.body, metaOf(req))),
  );

  r.post(
    '/base/v2/suppliers/:code/schedule-changes',
    {
      preHandler: app.requirePlatformAdmin,
      schema: {
        tags,
        security,
        summary: 'Make the simulated airline change, cancel (with or without protection) or restore the flights of a ticketed booking (platform SuperUser)',
        params: SupplierCodeParams,
        body: RaiseScheduleChangeBody,
        response: { 200: Envelope(SimulatedScheduleChange) },
      },
    },
    async (req) => ok(req, await raiseSupplierScheduleChange(db, airSuppliers, authOf(req), req.params.code, req.body, metaOf(req))),
  );
}
