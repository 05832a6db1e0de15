import { describe, expect, it, vi } from 'vitest';
import { processGuardHandlers } from './process-guards.ts';

const logger = () => ({ warn: vi.fn(), error: vi.fn(), fatal: vi.fn() });

describe('process guards', () => {
  it("keeps running when a lost connection's 'error' reaches the top", () => {
    const log = logger();
    const exit = vi.fn();
    processGuardHandlers(log, exit).onException(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    processGuardHandlers(log, exit).onException(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(exit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('logs a genuine programming error with its stack and exits for the supervisor to restart', () => {
    const log = logger();
    const exit = vi.fn();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    processGuardHandlers(log, exit).onException(bug);
    expect(log.fatal).toHaveBeenCalledWith({ err: bug }, expect.any(String));
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('logs a stray rejection as an error (a bug) or a warning (an outage), without ending the process', () => {
    const log = logger();
    const exit = vi.fn();
    const { onRejection } = processGuardHandlers(log, exit);
    onRejection(new RangeError('bad'));
    onRejection(new Error('Connection terminated unexpectedly'));
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
  });
});
