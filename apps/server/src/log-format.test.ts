import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logStream, prettyLine, prettyStream } from './log-format.ts';
import { loggerOptions } from './plugins/logging.ts';

const TIME = Date.UTC(2026, 10, 26, 9, 8, 7, 654);

describe('prettyLine', () => {
  it('shows time, level and message, then the fields as key=value', () => {
    const line = JSON.stringify({ level: 30, time: TIME, pid: 1, hostname: 'h', msg: 'portal ready: open http://localhost:8080/', url: 'http://localhost:8080/', db: 'pglite' });
    expect(prettyLine(line)).toBe('09:08:07.654 INFO  portal ready: open http://localhost:8080/  url=http://localhost:8080/ db=pglite');
  });

  it('puts an error message among the fields and its stack below', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' };
    expect(prettyLine(JSON.stringify({ level: 50, time: TIME, msg: 'job failed', job: 'sweep', err }))).toBe(
      '09:08:07.654 ERROR job failed  job=sweep err="Error: boom"\n    at f (a.ts:1:1)',
    );
  });

  it('quotes values with spaces and passes a line that is not JSON through', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time: TIME, msg: 'm', note: 'two words', n: 3, o: { a: 1 } }))).toBe(
      '09:08:07.654 WARN  m  note="two words" n=3 o={"a":1}',
    );
    expect(prettyLine('plain text')).toBe('plain text');
  });

  it('colours the level only when asked', () => {
    const line = JSON.stringify({ level: 50, time: TIME, msg: 'x' });
    expect(prettyLine(line, true)).toContain('\x1b[31mERROR\x1b[0m');
    expect(prettyLine(line, false)).not.toContain('\x1b[');
  });
});

describe('logStream', () => {
  const tty = (isTTY: boolean) => Object.assign(new PassThrough(), { isTTY }) as unknown as NodeJS.WriteStream;

  it('is pretty on a terminal and JSON (pino default) elsewhere; LOG_FORMAT decides when set', () => {
    expect(logStream({}, tty(true))).toBeDefined();
    expect(logStream({}, tty(false))).toBeUndefined();
    expect(logStream({ LOG_FORMAT: 'json' }, tty(true))).toBeUndefined();
    expect(logStream({ LOG_FORMAT: 'pretty' }, tty(false))).toBeDefined();
  });

  it('writes what the server logger logs, redacted, as pretty lines', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString()));
    const log = pino(loggerOptions({ level: 'info' }), prettyStream(out, false));
    log.info({ user: 'ada', password: 'hunter2' }, 'signed in');
    log.debug('not at info');
    await new Promise((resolve) => setImmediate(resolve));
    const text = chunks.join('');
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  signed in {2}user=ada password=\[redacted\]\n$/);
  });
});
