import type { FastifyInstance } from 'fastify';
import { normalizeLanguage, type Language } from '@portal/contract/languages';
import type { AuthContext } from '../modules/auth/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
}

export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.lang = normalizeLanguage(req.headers['accept-language']);
  });
}
