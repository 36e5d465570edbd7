/**
 * A document type as the operator writes it (JSON): its form and structured fields (§3 Document
 * form, Form field). Every problem is reported with the line it is on, so a long file can be
 * fixed without guessing.
 */
import { DOCUMENT_FIELD_TYPES, EXPIRATION_FIELD, isDocumentFieldType } from './form-rules.js';

export interface DocumentFieldDefinition {
  name: string;
  type: string;
  description: string;
  required: boolean;
  readonly: boolean;
  options: string[];
}

export interface DocumentTypeDefinition {
  name: string;
  description: string;
  /** 0: no limit on how far ahead the expiry may be. */
  maxExpirationDays: number;
  fields: DocumentFieldDefinition[];
}

export type DefinitionResult =
  { ok: true; definition: DocumentTypeDefinition } | { ok: false; errors: string[] };

// ---- a JSON reader that remembers the line of every value ---------------------------------------

class JsonSyntaxError extends Error {}

interface Located {
  value: unknown;
  line: number;
  /** Children by key (objects) or index (arrays). */
  children: Map<string, Located>;
}

function readJson(text: string): Located {
  let at = 0;
  let line = 1;
  const fail = (message: string): never => {
    throw new JsonSyntaxError(`line ${line}: ${message}`);
  };
  const skip = () => {
    while (at < text.length) {
      const c = text[at]!;
      if (c === '\n') line += 1;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') at += 1;
      else break;
    }
  };
  const readString = (): string => {
    at += 1;
    let out = '';
    while (at < text.length) {
      const c = text[at]!;
      if (c === '"') {
        at += 1;
        return out;
      }
      if (c === '\n') fail('a text value does not end on its line (missing ").');
      if (c === '\\') {
        const next = text[at + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (next !== undefined && next in simple) {
          out += simple[next];
          at += 2;
          continue;
        }
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
          out += String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
          at += 6;
          continue;
        }
        fail('an unknown escape (\\) in a text value.');
      }
      out += c;
      at += 1;
    }
    return fail('a text value does not end (missing ").');
  };
  const readValue = (): Located => {
    skip();
    const startLine = line;
    const c = text[at];
    if (c === '{') {
      at += 1;
      const children = new Map<string, Located>();
      const object: Record<string, unknown> = {};
      skip();
      if (text[at] === '}') {
        at += 1;
        return { value: object, line: startLine, children };
      }
      for (;;) {
        skip();
        if (text[at] !== '"') fail('expected a "name" in double quotes.');
        const key = readString();
        skip();
        if (text[at] !== ':') fail(`expected ':' after "${key}".`);
        at += 1;
        const child = readValue();
        if (children.has(key)) fail(`"${key}" is given twice.`);
        children.set(key, child);
        object[key] = child.value;
        skip();
        if (text[at] === ',') {
          at += 1;
          continue;
        }
        if (text[at] === '}') {
          at += 1;
          return { value: object, line: startLine, children };
        }
        fail("expected ',' or '}' (is a comma missing?).");
      }
    }
    if (c === '[') {
      at += 1;
      const children = new Map<string, Located>();
      const array: unknown[] = [];
      skip();
      if (text[at] === ']') {
        at += 1;
        return { value: array, line: startLine, children };
      }
      for (;;) {
        const child = readValue();
        children.set(String(array.length), child);
        array.push(child.value);
        skip();
        if (text[at] === ',') {
          at += 1;
          continue;
        }
        if (text[at] === ']') {
          at += 1;
          return { value: array, line: startLine, children };
        }
        fail("expected ',' or ']' (is a comma missing?).");
      }
    }
    if (c === '"') return { value: readString(), line: startLine, children: new Map() };
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(at),
    );
    if (!literal) {
      return fail(c === undefined ? 'the file ends too early.' : `unexpected '${c}'.`);
    }
    at += literal[0].length;
    const word = literal[0];
    const value =
      word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word);
    return { value, line: startLine, children: new Map() };
  };
  const root = readValue();
  skip();
  if (at < text.length) fail('unexpected text after the end of the definition.');
  return root;
}

// ---- the document type's shape -------------------------------------------------------------------

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TOP_KEYS = new Set(['name', 'description', 'maxExpirationDays', 'fields']);
const FIELD_KEYS = new Set(['name', 'type', 'description', 'required', 'readonly', 'options']);
// eslint-disable-next-line no-control-regex -- control characters are what the names may not hold
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Reads a document type from JSON text: {"name", "description"?, "maxExpirationDays"?, "fields":
 * [{"name", "type", "description"?, "required"?, "readonly"?, "options"?}]}. Every error names
 * its line.
 */
export function parseDocumentTypeDefinition(text: string): DefinitionResult {
  let root: Located;
  try {
    root = readJson(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, errors: [error.message] };
    throw error;
  }
  const errors: string[] = [];
  const at = (node: Located | undefined, fallback: Located, message: string) =>
    errors.push(`line ${(node ?? fallback).line}: ${message}`);

  if (!isObject(root.value)) {
    return { ok: false, errors: [`line ${root.line}: the definition must be an object { ... }.`] };
  }
  const top = root.value;
  for (const key of Object.keys(top)) {
    if (!TOP_KEYS.has(key)) at(root.children.get(key), root, `unknown setting "${key}".`);
  }
  const text200 = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' && value.length <= 200 && !CONTROL.test(value);
  if (!text200(top.name)) {
    at(root.children.get('name'), root, '"name" must be text of 1 to 200 characters.');
  }
  if (
    top.description !== undefined &&
    (typeof top.description !== 'string' || top.description.length > 2000)
  ) {
    at(
      root.children.get('description'),
      root,
      '"description" must be text of at most 2000 characters.',
    );
  }
  const maxDays = top.maxExpirationDays ?? 0;
  if (typeof maxDays !== 'number' || !Number.isInteger(maxDays) || maxDays < 0 || maxDays > 36500) {
    at(
      root.children.get('maxExpirationDays'),
      root,
      '"maxExpirationDays" must be a whole number of days from 0 (no limit) to 36500.',
    );
  }
  const fieldsNode = root.children.get('fields');
  const fields: DocumentFieldDefinition[] = [];
  if (!Array.isArray(top.fields) || top.fields.length === 0 || top.fields.length > 50) {
    at(fieldsNode, root, '"fields" must be a list of 1 to 50 fields.');
  } else {
    const seen = new Map<string, number>();
    top.fields.forEach((raw, index) => {
      const node = fieldsNode!.children.get(String(index))!;
      const where = (key: string) => node.children.get(key) ?? node;
      if (!isObject(raw)) {
        at(node, node, `field ${index + 1} must be an object { ... }.`);
        return;
      }
      for (const key of Object.keys(raw)) {
        if (!FIELD_KEYS.has(key)) at(where(key), node, `unknown field setting "${key}".`);
      }
      const name = raw.name;
      if (!text200(name)) {
        at(where('name'), node, `field ${index + 1}: "name" must be text of 1 to 200 characters.`);
        return;
      }
      const label = `field '${String(name)}'`;
      const lower = String(name).toLowerCase();
      if (seen.has(lower)) {
        at(
          where('name'),
          node,
          `${label} has the same name as the field on line ${seen.get(lower)}.`,
        );
      }
      seen.set(lower, where('name').line);
      const type = raw.type;
      if (typeof type !== 'string' || !isDocumentFieldType(type)) {
        at(
          where('type'),
          node,
          `${label}: "type" must be one of ${DOCUMENT_FIELD_TYPES.join(', ')}.`,
        );
      }
      if (lower === EXPIRATION_FIELD && type !== 'date') {
        at(where('type'), node, `the '${EXPIRATION_FIELD}' field must have "type": "date".`);
      }
      if (
        raw.description !== undefined &&
        (typeof raw.description !== 'string' || raw.description.length > 1000)
      ) {
        at(
          where('description'),
          node,
          `${label}: "description" must be text of at most 1000 characters.`,
        );
      }
      for (const flag of ['required', 'readonly'] as const) {
        if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') {
          at(where(flag), node, `${label}: "${flag}" must be true or false.`);
        }
      }
      const options = raw.options;
      const choice = type === 'select' || type === 'multiselect';
      if (choice) {
        if (
          !Array.isArray(options) ||
          options.length === 0 ||
          options.length > 100 ||
          !options.every(text200) ||
          new Set(options).size !== options.length
        ) {
          at(
            where('options'),
            node,
            `${label}: "options" must list 1 to 100 different choices (text).`,
          );
        }
      } else if (options !== undefined) {
        at(where('options'), node, `${label}: only select and multiselect fields have "options".`);
      }
      fields.push({
        name: String(name).trim(),
        type: typeof type === 'string' ? type : '',
        description: typeof raw.description === 'string' ? raw.description : '',
        required: raw.required === true,
        readonly: raw.readonly === true,
        options: choice && Array.isArray(options) ? options.map(String) : [],
      });
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    definition: {
      name: String(top.name).trim(),
      description: typeof top.description === 'string' ? top.description : '',
      maxExpirationDays: maxDays as number,
      fields,
    },
  };
}
