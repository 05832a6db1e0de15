import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Envelope } from '@portal/contract/api/common';
import { DOCUMENT_TYPES } from '@portal/contract/api/flight-orders';
import { DocumentRecognition } from '@portal/contract/api/travellers';
import { createDocumentReader } from '../../modules/recognition/document-reader.ts';
import { recogniseDocument } from '../../modules/recognition/recognition.service.ts';
import { readRecognitionUpload } from '../../modules/recognition/upload.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const RecognitionQuery = z.object({
  /** What the agent says the document is; informative only: the answer's documentType is what was read. */
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  attach: z.enum(['true', 'false']).optional(),
});

/** Document recognition (issue 11): POST /base/v2/analysis/document. */
export default async function recognitionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One OCR thread per app, started on the first upload and stopped with the app so tests and the server exit cleanly.
  const reader = createDocumentReader();
  app.addHook('onClose', async () => reader.close());

  r.post(
    '/base/v2/analysis/document',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['travellers'],
        security: [{ bearer: [] }],
        summary:
          'Read a passport, HK/Macao/Taiwan permit or resident ID card from a photo or scan (multipart field `file`: JPG or PNG, at most 10 MB). ' +
          'Answers the fields with a confidence each; 400 "recognition failed" when no check digit anchors a reading; 503 when busy.',
        consumes: ['multipart/form-data'],
        querystring: RecognitionQuery,
        response: { 200: Envelope(DocumentRecognition) },
      },
    },
    async (req) => {
      const upload = await readRecognitionUpload(req);
      return ok(req, await recogniseDocument(app.deps.db, reader, authOf(req), upload, { attach: req.query.attach === 'true' }));
    },
  );
}
