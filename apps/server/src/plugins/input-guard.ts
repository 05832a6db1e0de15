import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { MessageKey } from '@portal/contract/messages';
import { AppError } from './errors.ts';

/**
 * Text the database cannot hold is refused at the edge (issue 9, ASVS 1.x input handling). PostgreSQL refuses U+0000
 * in text and jsonb; half a UTF-16 surrogate pair cannot be written as UTF-8 at all (PGlite fails on it, node-postgres
 * silently turns it into U+FFFD). Reaching a query, either used to answer 500 with the statement and its parameters in
 * the log. One hook looks at everything a route reads from the request (path parameters, query string, the parsed
 * body, however deep, keys included, and the headers) before validation, so no route can forget it.
 *
 * Multipart uploads are read by the handler as a stream, after every hook; only the file's bytes are kept (images,
 * sniffed for their type), never a part's name or text field, so nothing of them reaches a text column. A route that
 * starts storing multipart text must pass it through `assertStorableText`.
 */

type Problem = 'nul' | 'surrogate';

// One pass finds any candidate; the exact test below runs only on a hit (almost never).
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function textProblem(s: string): Problem | null {
  if (!SUSPECT.test(s)) return null;
  if (s.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(s) ? 'surrogate' : null;
}

const MESSAGE: Record<Problem, MessageKey> = { nul: 'validation.text.nul', surrogate: 'validation.text.surrogate' };

/** A field name fit to show back: the offending characters written as escapes, and not too long. */
function printable(name: string): string {
  const shown = name.replace(/[\u0000-\u001f\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
}

function refusal(problem: Problem, field: string): AppError {
  const key = MESSAGE[problem];
  const params = { field: printable(field) };
  return new AppError(Code.VALIDATION, key, params, { [params.field]: { key, params } });
}

/** Throws the 400 for text a route wants to store that the database cannot hold (see the module comment). */
export function assertStorableText(field: string, value: string): void {
  const problem = textProblem(value);
  if (problem) throw refusal(problem, field);
}

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

const pathOf = (n: Node, prefix: string) => {
  const keys: string[] = [];
  for (let cur: Node | null = n; cur; cur = cur.parent) if (cur.key !== '') keys.push(cur.key);
  const path = keys.reverse().join('.');
  return prefix ? (path ? `${prefix}.${path}` : prefix) : path || '_';
};

/**
 * The first string (value or key) in a parsed JSON value, a query object or a header map that the database could not
 * hold, with its path in the form the validation errors use (`passengers.0.surname`). Iterative, so a deeply nested
 * body cannot overflow the stack.
 */
export function findBadText(root: unknown, prefix = ''): { problem: Problem; field: string } | null {
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { problem, field: pathOf(node, prefix) };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        const problem = textProblem(k);
        if (problem) return { problem, field: pathOf({ value: child, key: k, parent: node }, prefix) };
        stack.push({ value: child, key: k, parent: node });
      }
    }
  }
  return null;
}

function check(req: FastifyRequest): void {
  const found =
    findBadText(req.params, 'path') ??
    findBadText(req.query, 'query') ??
    findBadText(req.headers, 'header') ??
    // Body fields are named as the form and the validation errors name them.
    findBadText(req.body);
  if (found) throw refusal(found.problem, found.field);
}

/**
 * JSON bodies: an empty body with a JSON content type is no body (clients send `Content-Type: application/json` on a
 * DELETE or POST without payload; a route that needs a body still says "required"), while malformed JSON is still a
 * 400 and `__proto__` / `constructor.prototype` keys are still refused, as Fastify's own parser does.
 */
function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parse(req, body as string, done);
  });
}

export function registerInputGuard(app: FastifyInstance): void {
  registerJsonParser(app);
  app.addHook('preValidation', async (req) => check(req));
}
