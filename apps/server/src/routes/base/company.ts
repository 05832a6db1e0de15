import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Company } from '@portal/contract/api/auth';
import { Envelope } from '@portal/contract/api/common';
import { UpdateCompanyBody, UploadAnswer } from '@portal/contract/api/company';
import { getOwnCompany, setOwnCompanyLogo, updateOwnCompany } from '../../modules/company/company.service.ts';
import { readUploadedFile } from '../../modules/files/upload.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

export default async function companyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['company'];
  const security = [{ bearer: [] }];
  const superUser = app.requireRole('SuperUser');

  r.get(
    '/base/v2/company',
    { preHandler: app.requireUser, schema: { tags, security, summary: "The caller's company", response: { 200: Envelope(Company) } } },
    async (req) => ok(req, getOwnCompany(authOf(req))),
  );

  r.put(
    '/base/v2/company',
    {
      preHandler: superUser,
      schema: { tags, security, summary: "Edit the caller's company (name, alias, address)", body: UpdateCompanyBody, response: { 200: Envelope(Company) } },
    },
    async (req) => ok(req, await updateOwnCompany(db, authOf(req), req.body, metaOf(req))),
  );

  r.post(
    '/base/v2/company/logo',
    {
      preHandler: superUser,
      schema: { tags, security, summary: 'Upload the company logo (multipart field `file`; PNG, JPEG, GIF or WebP under 2 MB)', consumes: ['multipart/form-data'], response: { 200: Envelope(UploadAnswer) } },
    },
    async (req) => ok(req, await setOwnCompanyLogo(db, authOf(req), await readUploadedFile(req), metaOf(req))),
  );
}
