import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';

describe('deferred module', () => {
  it('fetches once however often it is reached, and tells every subscriber when it arrives', async () => {
    const importer = vi.fn(async () => ({ name: 'widgets' }));
    const d = deferred(importer);
    const heard = vi.fn();
    const unsubscribe = d.subscribe(heard);
    expect(d.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([d.load(), d.load()]);
    expect(a).toBe(b);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(d.loaded()).toEqual({ name: 'widgets' });
    unsubscribe();
    await d.load();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next reach after a failed fetch', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce({ ok: true });
    const d = deferred(importer);
    await expect(d.load()).rejects.toThrow('chunk gone');
    expect(d.loaded()).toBeUndefined();
    await expect(d.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
