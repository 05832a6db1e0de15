import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDesk } from '../../modules/flight-orders/order.access.ts';
import { authOf } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';

/**
 * The gates of every flight-order route (spec points 2 and 6): the operator role (SuperUser passes) and the company's
 * flight service; the platform's desk reads its agencies' orders whatever its own switches. `deskOnly`: the desk's routes.
 */
export function flightOrderGuards(app: FastifyInstance) {
  const operator = app.requireRole('operator');
  const preHandler = async (req: FastifyRequest) => {
    await operator(req);
    const auth = authOf(req);
    if (!auth.company.commonConfig.enableFlightService && !isDesk(auth)) throw forbidden();
  };
  const deskOnly = async (req: FastifyRequest) => {
    await operator(req);
    if (!isDesk(authOf(req))) throw forbidden();
  };
  return { preHandler, deskOnly };
}
