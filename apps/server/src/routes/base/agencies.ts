import type { FastifyInstance } from 'fastify';

// Routes of issue 4; filled in by the module that owns them.
export default async function agenciesRoutes(_app: FastifyInstance) {}
