import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Only finite numbers reach a handler (ADR 0009). JSON has no Infinity, yet two roads lead to
 * one: the validator coerces the strings "Infinity", "-Infinity", "1e400" and "-1e400" to numbers
 * for every integer and number field of a path, query, header or body (Ajv's coerceTypes, which
 * Fastify turns on; a value it coerced skips `minimum` and `maximum`), and JSON.parse reads the
 * literal 1e400 as Infinity, which the schemas let through as an integer. One check, after
 * validation and before any route's own handlers, refuses both on every route with a 400.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of PARTS) {
      const where = nonFiniteNumberAt(request[part]);
      if (where !== null) throw nonFiniteError(part, where);
    }
  });
}

const PARTS = [
  'params',
  'query',
  'body',
  'headers',
] as const satisfies readonly (keyof FastifyRequest)[];

/**
 * The JSON pointer of the first non-finite number in a parsed value ('' for the value itself),
 * or null. Walked with a stack, not recursion: a body may be nested deeply.
 */
export function nonFiniteNumberAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, pointer] = stack.pop()!;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return pointer;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, `${pointer}/${index}`]));
    } else if (isPlainObject(current)) {
      for (const [name, item] of Object.entries(current)) {
        stack.push([item, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
      }
    }
  }
  return null;
}

/**
 * A parsed JSON object, query or header map, or Fastify's path parameters (an instance of a class
 * whose prototype has none); never a Buffer, stream or other object a body parser may give.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}

/** A validation error as the schemas' own (platform/errors.ts words it for the client). */
function nonFiniteError(part: (typeof PARTS)[number], pointer: string) {
  const context = part === 'params' ? 'params' : part === 'query' ? 'querystring' : part;
  return Object.assign(new Error(`${context}${pointer} must be a finite number`), {
    statusCode: 400,
    validationContext: context,
    validation: [
      {
        keyword: 'finite',
        instancePath: pointer,
        schemaPath: '#',
        params: {},
        message: 'must be a finite number',
      },
    ],
  });
}
