import { Worker } from 'node:worker_threads';

export interface ImagePreparer {
  /** Grey, contrast-stretched, resized PNGs of the image, one per quarter-turn asked for; throws on an unreadable image. */
  prepare(bytes: Buffer, rotations: readonly number[]): Promise<Buffer[]>;
  close(): Promise<void>;
}

export class UnreadableImageError extends Error {}

/** One long-lived thread, started on first use; requests are already serialised by the reader's queue. */
export function createImagePreparer(): ImagePreparer {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: Buffer[]) => void; reject: (e: Error) => void }>();

  const start = () => {
    const w = new Worker(new URL('./prepare-worker.mjs', import.meta.url));
    w.on('message', (m: { id: number; images?: Uint8Array[]; error?: string }) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new UnreadableImageError(m.error));
      else p?.resolve(m.images!.map((i) => Buffer.from(i)));
    });
    // A crashed thread fails what it held; the next request starts a fresh one.
    w.on('error', (err) => {
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      worker = null;
    });
    return w;
  };

  return {
    prepare(bytes, rotations) {
      worker ??= start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, bytes, rotations });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
