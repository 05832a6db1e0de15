import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope, IdParams } from '@portal/contract/api/common';
import { UploadAnswer } from '@portal/contract/api/company';
import { getFile } from '../../modules/files/file.service.ts';
import { readUploadedFile } from '../../modules/files/upload.ts';
import { setOwnAvatar } from '../../modules/users/avatar.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { notFound, ok } from '../../plugins/errors.ts';

export default async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['files'];

  r.post(
    '/base/v2/me/avatar',
    {
      preHandler: app.requireUser,
      schema: { tags: ['me'], security: [{ bearer: [] }], summary: "Upload the caller's avatar (multipart field `file`; PNG, JPEG, GIF or WebP under 2 MB)", consumes: ['multipart/form-data'], response: { 200: Envelope(UploadAnswer) } },
    },
    async (req) => ok(req, await setOwnAvatar(db, authOf(req), await readUploadedFile(req), metaOf(req))),
  );

  // Public because <img> tags cannot send a bearer token; the random id is the capability.
  r.get(
    '/base/v2/files/:id',
    { schema: { tags, summary: 'An uploaded image (raw bytes, not an envelope)', params: IdParams } },
    async (req, reply) => {
      const file = await getFile(db, req.params.id);
      if (file.kind === 'document_image') throw notFound(); // an identity document is personal data, never public
      return reply
        .type(file.mime)
        // Stored bytes are only ever rendered as the image type detected at upload, never sniffed or run as a page.
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        // A file never changes under its id: a new upload gets a new id.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.data);
    },
  );
}
