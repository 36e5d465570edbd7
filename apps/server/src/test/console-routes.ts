import type { FastifyInstance } from 'fastify';
import type { StaffAction } from '@waypoint/domain/staff';
import * as contract from '@waypoint/domain/console-contract';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';

/**
 * The console's routes as the security tests walk them (docs/decisions/0021): read from the app's
 * registry (requireStaff records each route's action), so a route added later is tested without
 * anyone listing it; a sample request for each, with a body that passes the route's schema where
 * one can be made, so that the request reaches the service's own checks.
 */

export interface ConsoleRoute {
  method: string;
  /** The Fastify pattern, /lms/api/console/people/:userKey. */
  url: string;
  /** The action its guard checks; null = the route has no staff guard (a test fails on it). */
  action: StaffAction | null;
  /** The route's :params, in order. */
  params: string[];
  /** The contract's schemas of the route (body, querystring), when it is a contract call. */
  schema: { body?: TSchema; querystring?: TSchema } | undefined;
}

type AnyCalls = Record<string, { method: string; route: string }>;

/** "METHOD /lms<route>" -> the route's schemas, from every *Calls / *Schemas pair of the contract. */
function contractSchemas(): Map<string, ConsoleRoute['schema']> {
  const schemas = new Map<string, ConsoleRoute['schema']>();
  const modules = contract as unknown as Record<string, unknown>;
  for (const [group, calls] of Object.entries(modules)) {
    if (!group.endsWith('Calls') || typeof calls !== 'object' || calls === null) continue;
    const groupSchemas = modules[group.replace(/Calls$/, 'Schemas')] as
      Record<string, ConsoleRoute['schema']> | undefined;
    for (const [name, call] of Object.entries(calls as AnyCalls)) {
      schemas.set(`${call.method} /lms${call.route}`, groupSchemas?.[name]);
    }
  }
  return schemas;
}

/** Every route below /lms/api/console or guarded by requireStaff. */
export function consoleRoutes(app: FastifyInstance): ConsoleRoute[] {
  const schemas = contractSchemas();
  return [...app.staffRouteActions].map(([key, action]) => {
    const [method = '', url = ''] = key.split(' ');
    return {
      method,
      url,
      action,
      params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!),
      schema: schemas.get(key),
    };
  });
}

const BIG = 2147483000;

/** A value of a JSON schema built from its constraints (ids far above any row's). */
function sampleOf(schema: Record<string, unknown>): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (options) {
    const usable = options.find((option) => option.type !== 'null') ?? options[0]!;
    return sampleOf(usable);
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => required.has(name))
          .map(([name, inner]) => [name, sampleOf(inner)]),
      );
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () =>
        sampleOf((schema.items ?? {}) as Record<string, unknown>),
      );
    case 'string':
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    case 'integer':
    case 'number':
      return schema.maximum !== undefined ? schema.maximum : BIG;
    case 'boolean':
      return false;
    default:
      return {};
  }
}

/** A value that passes the schema when one can be built from it; else an empty object. */
export function sampleFor(schema: TSchema | undefined): unknown {
  if (!schema) return {};
  const value = sampleOf(schema as unknown as Record<string, unknown>);
  return Value.Check(schema, value) ? value : {};
}

/** The path and fetch options of a request to a route, its :params filled from `values`. */
export function requestTo(
  route: ConsoleRoute,
  values: Record<string, string | number>,
  headers: Record<string, string> = {},
): { path: string; init: RequestInit & { headers: Record<string, string> } } {
  let path = route.url;
  for (const param of route.params) {
    const value = values[param];
    if (value === undefined)
      throw new Error(`no value for :${param} of ${route.method} ${route.url}`);
    path = path.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const query = sampleFor(route.schema?.querystring) as Record<string, unknown>;
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString();
  if (search) path += `?${search}`;
  const init: RequestInit & { headers: Record<string, string> } = {
    method: route.method,
    headers: { ...headers },
  };
  if (route.method === 'POST' || route.method === 'PUT') {
    init.body = JSON.stringify(sampleFor(route.schema?.body));
    init.headers['content-type'] = 'application/json';
  } else {
    // No JSON content type without a body (Fastify refuses an empty JSON body).
    init.headers['content-type'] = 'text/plain';
  }
  return { path, init };
}

/** Whether a route changes something (the XSRF check applies). */
export const isWrite = (route: ConsoleRoute) => route.method !== 'GET';
