import { Writable } from 'node:stream';

/**
 * The server log on a terminal (issue 14): pino writes one JSON object per line, right for log collectors and
 * unreadable for a person running `npm start`. When stdout is a terminal each line is shown as
 * "time LEVEL message key=value …" (an error's stack below it); anywhere else (a file, a pipe, a container's log
 * driver) the JSON lines go out untouched. LOG_FORMAT=json or LOG_FORMAT=pretty overrides the guess.
 */

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\x1b[90m' },
  20: { name: 'DEBUG', color: '\x1b[36m' },
  30: { name: 'INFO', color: '\x1b[32m' },
  40: { name: 'WARN', color: '\x1b[33m' },
  50: { name: 'ERROR', color: '\x1b[31m' },
  60: { name: 'FATAL', color: '\x1b[35m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';
/** pino's own fields, shown in the line's head (or not at all), not among the key=value pairs. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name', 'v']);

function value(v: unknown): string {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v) ?? String(v);
}

function clock(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return d.toISOString().slice(11, 23);
}

/** One pino JSON line as a person reads it; a line that is not JSON is passed on as it is. */
export function prettyLine(line: string, colors = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level ?? 'LOG').toUpperCase(), color: '' };
  const paint = (color: string, text: string) => (colors && color ? `${color}${text}${RESET}` : text);

  const fields: string[] = [];
  const stacks: string[] = [];
  for (const [key, v] of Object.entries(entry)) {
    if (OWN_FIELDS.has(key) || v === undefined) continue;
    // Errors (plugins/logging.ts safeError): the message among the fields, the stack on the lines below.
    if ((key === 'err' || key === 'error') && typeof v === 'object' && v !== null && 'message' in v) {
      const err = v as { type?: string; message?: string; stack?: string };
      fields.push(`${key}=${value(`${err.type ?? 'Error'}: ${err.message ?? ''}`)}`);
      if (err.stack) stacks.push(err.stack.split('\n').slice(1).join('\n'));
      continue;
    }
    fields.push(`${key}=${value(v)}`);
  }
  const head = `${paint(DIM, clock(entry.time))} ${paint(level.color, level.name.padEnd(5))} ${String(entry.msg ?? '')}`;
  const tail = fields.length > 0 ? `  ${paint(DIM, fields.join(' '))}` : '';
  return [head + tail, ...stacks.filter(Boolean).map((s) => paint(DIM, s))].join('\n');
}

/** A stream for pino that writes each of its lines pretty to `out`. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout, colors = true): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${prettyLine(line, colors)}\n`);
      done();
    },
    final(done) {
      if (pending) out.write(`${prettyLine(pending, colors)}\n`);
      done();
    },
  });
}

/** The log's stream: pretty on a terminal (or LOG_FORMAT=pretty), pino's default JSON on stdout otherwise. */
export function logStream(env: NodeJS.ProcessEnv = process.env, stdout: NodeJS.WriteStream = process.stdout): NodeJS.WritableStream | undefined {
  const format = env.LOG_FORMAT ?? (stdout.isTTY ? 'pretty' : 'json');
  if (format !== 'pretty') return undefined;
  return prettyStream(stdout, Boolean(stdout.isTTY) && !env.NO_COLOR);
}
