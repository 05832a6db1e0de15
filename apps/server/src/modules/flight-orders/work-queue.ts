/** What order code needs of the queue: "take this order's next step now" (flight-orders/deps.ts names it too). */
export interface OrderWork {
  kick(orderId: string): void;
}

export const ORDER_STEP_QUEUE = 'flight-order-step';

type Send = (queue: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;

/**
 * The app's handle on background order work. Until a job runner attaches its queue (and in processes that run no jobs),
 * a kick does nothing: the due step is still in the database (next_action_at) and the sweep job takes it.
 */
export interface WorkQueue extends OrderWork {
  attach(send: Send | null): void;
  /**
   * Queues a work item to run `delaySeconds` from now (a simulated supplier's answer time). Without a runner it does
   * nothing: the minutely sweep of the same work takes it.
   */
  later(queue: string, data: object, delaySeconds: number): void;
}

export function createWorkQueue(log?: { warn(obj: object, msg?: string): void }): WorkQueue {
  let send: Send | null = null;
  return {
    attach(s) {
      send = s;
    },
    kick(orderId) {
      if (!send) return;
      send(ORDER_STEP_QUEUE, { orderId }).catch((err) => log?.warn({ err, orderId }, 'could not queue the order step; the sweep will take it'));
    },
    later(queue, data, delaySeconds) {
      if (!send) return;
      send(queue, data, { startAfter: Math.max(0, Math.ceil(delaySeconds)) }).catch((err) => log?.warn({ err, queue }, 'could not queue delayed work; the sweep will take it'));
    },
  };
}
