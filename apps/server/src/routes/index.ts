import type { FastifyPluginAsync } from 'fastify';

/** Feature route plugins, registered by app.ts after the session routes. */
export const routeModules: FastifyPluginAsync[] = [];
