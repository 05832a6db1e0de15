/** Thrown by a full queue: the route answers "busy, retry in N seconds". */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('recognition queue full');
  }
}

/**
 * Runs jobs one at a time (OCR takes a whole core; two at once on a 2-core machine would starve the server's other
 * requests) with at most `maxWaiting` behind the running one: past that a caller is told to come back rather than
 * wait a minute for an answer its browser has given up on.
 */
export function createSerialQueue(maxWaiting: number, typicalJobSeconds = 2) {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return {
    get size() {
      return queued;
    },
    run<T>(job: () => Promise<T>): Promise<T> {
      if (queued > maxWaiting) throw new QueueFullError(Math.ceil(queued * typicalJobSeconds));
      queued++;
      const result = tail.then(job);
      tail = result.catch(() => {}).finally(() => queued--);
      return result;
    },
  };
}
