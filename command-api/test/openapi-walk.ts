/**
 * Reads the OpenAPI document the app serves and lists, for every route, every string a client
 * can put in a request (JSON body fields at any depth, query and path parameters), with a
 * request that is valid except for that one string. Tests use it to send each string a bad
 * value without keeping a hand-made list of routes that goes stale.
 */

/** The part of JSON Schema (as fastify-type-provider-zod writes it) that request schemas use. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export type FieldPath = Array<string | number>;

/** One string of one request: where it goes, and the request with `value` put there. */
export interface StringField {
  method: string;
  /** The route as documented, e.g. `/api/teams/{teamId}/events`. */
  route: string;
  where: 'body' | 'query' | 'path';
  /** The key a 400 names the field by in `fieldErrors` (`highlights.0`, `teamId`). */
  field: string;
  request(value: string): { url: string; body?: unknown };
}

/** Valid values for strings the document cannot describe (ids of seeded rows, emails, dates). */
export type Samples = (name: string, schema: JsonSchema, route: string) => string | undefined;

/**
 * What a request needs beyond its required fields to be valid, where the document cannot say so
 * (a refinement such as "a participant or a user is required"): body fields, query parameters.
 */
export type RequestBase = (
  method: string,
  route: string,
) => { body?: Record<string, unknown>; query?: Record<string, string> } | undefined;

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function stringFields(
  document: OpenApiDocument,
  samples: Samples,
  base: RequestBase = () => undefined,
): StringField[] {
  const fields: StringField[] = [];
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      fields.push(...fieldsOf(method.toUpperCase(), route, operation, samples, base));
    }
  }
  return fields;
}

/** The valid request of every operation: its path, required query and body filled in. */
export interface OperationRequest {
  method: string;
  route: string;
  url: string;
  body?: unknown;
  /** The body is a multipart form with a file (an upload), not JSON. */
  multipart?: boolean;
}

export function validRequests(
  document: OpenApiDocument,
  samples: Samples,
  base: RequestBase = () => undefined,
): OperationRequest[] {
  const requests: OperationRequest[] = [];
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const parts = requestParts(method.toUpperCase(), route, operation, samples, base);
      requests.push({
        method: method.toUpperCase(),
        route,
        url: parts.url(parts.pathValues, parts.queryValues),
        ...(parts.validBody === undefined ? {} : { body: parts.validBody }),
        ...(parts.multipart ? { multipart: true } : {}),
      });
    }
  }
  return requests;
}

function requestParts(method: string, route: string, operation: Operation, samples: Samples, base: RequestBase) {
  const parameters = operation.parameters ?? [];
  for (const parameter of parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') {
      throw new Error(`${method} ${route}: a ${parameter.in} parameter; teach the walk about it`);
    }
  }
  const content = operation.requestBody?.content;
  // A multipart form (an upload) carries a file: the walk marks it, and its sender builds the form.
  const multipart = content?.['multipart/form-data'] !== undefined;
  if (content && !content['application/json'] && !multipart) {
    throw new Error(`${method} ${route}: a body of ${Object.keys(content).join(', ')}; teach the walk about it`);
  }
  const bodySchema = content?.['application/json']?.schema;
  const sampleParam = (parameter: Parameter) => sample(parameter.schema, parameter.name, route, samples);
  const pathValues: Record<string, string> = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, sampleParam(p) as string]),
  );
  const extra = base(method, route);
  const queryValues: Record<string, string> = {
    ...Object.fromEntries(
      parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sampleParam(p))]),
    ),
    ...extra?.query,
  };
  // A body of alternatives (a discriminated union) is walked one alternative at a time.
  const bodies = bodySchema ? (bodySchema.oneOf ?? [bodySchema]) : [];
  const validBodyOf = (schema: JsonSchema) => {
    const valid = sample(schema, '', route, samples);
    return typeof valid === 'object' && valid !== null ? { ...valid, ...extra?.body } : valid;
  };
  const validBody = bodies[0] ? validBodyOf(bodies[0]) : undefined;

  const url = (path: Record<string, string>, query: Record<string, string>) => {
    const filled = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeText(path[name]!));
    const search = Object.entries(query)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeText(value)}`)
      .join('&');
    return search ? `${filled}?${search}` : filled;
  };
  return { parameters, bodies, validBodyOf, validBody, pathValues, queryValues, url, multipart };
}

function fieldsOf(
  method: string,
  route: string,
  operation: Operation,
  samples: Samples,
  base: RequestBase,
): StringField[] {
  const { parameters, bodies, validBodyOf, validBody, pathValues, queryValues, url } = requestParts(
    method,
    route,
    operation,
    samples,
    base,
  );
  const operationName = { method, route };
  const fields: StringField[] = [];

  for (const parameter of parameters) {
    const where = parameter.in as 'path' | 'query';
    for (const leaf of stringLeaves(parameter.schema, [], `${method} ${route} ${parameter.name}`)) {
      if (leaf.length > 0) throw new Error(`${method} ${route}: ${parameter.name} is not a plain string`);
      fields.push({
        ...operationName,
        where,
        field: parameter.name,
        request: (value) => ({
          url:
            where === 'path'
              ? url({ ...pathValues, [parameter.name]: value }, queryValues)
              : url(pathValues, { ...queryValues, [parameter.name]: value }),
          ...(validBody === undefined ? {} : { body: validBody }),
        }),
      });
    }
  }
  for (const body of bodies) {
    const valid = validBodyOf(body);
    for (const leaf of stringLeaves(body, [], `${method} ${route} body`)) {
      fields.push({
        ...operationName,
        where: 'body',
        field: leaf.join('.'),
        request: (value) => ({ url: url(pathValues, queryValues), body: withValue(valid, leaf, value) }),
      });
    }
  }
  return fields;
}

/** Every place in `schema` that holds a string (array items at index 0). */
function stringLeaves(schema: JsonSchema, path: FieldPath, where: string): FieldPath[] {
  if (schema.$ref) throw new Error(`${where}: a $ref; teach the walk to resolve it`);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // One field, however many of its alternatives are strings.
    const paths = alternatives.flatMap((alternative) => stringLeaves(alternative, path, where));
    return [...new Map(paths.map((p) => [p.join('.'), p])).values()];
  }
  switch (schema.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
        stringLeaves(property, [...path, name], where),
      );
    case 'array':
      if (!schema.items) throw new Error(`${where}: an array without items`);
      return stringLeaves(schema.items, [...path, 0], where);
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return [];
    default:
      throw new Error(`${where}: a schema of type ${String(schema.type)}; teach the walk about it`);
  }
}

/** A valid value for `schema`: required properties only, the first of alternatives and enums. */
function sample(schema: JsonSchema, name: string, route: string, samples: Samples): unknown {
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // `z.literal('').or(...)`: the empty alternative says "clear it"; a value says more.
    const meaningful = alternatives.find((a) => !(a.enum?.length === 1 && a.enum[0] === '')) ?? alternatives[0]!;
    return sample(meaningful, name, route, samples);
  }
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'string':
      return (
        samples(name, schema, route) ??
        (schema.format === 'date-time' ? '2026-12-01T17:00:00.000Z' : 'x'.repeat(Math.max(schema.minLength ?? 0, 5)))
      );
    case 'number':
    case 'integer':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items!, name, route, samples));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((property) => [
          property,
          sample(schema.properties![property]!, property, route, samples),
        ]),
      );
    default:
      return null;
  }
}

function withValue(body: unknown, path: FieldPath, value: string): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const items = Array.isArray(body) ? [...body] : [];
    items[key] = withValue(items[key], rest, value);
    return items;
  }
  const object = typeof body === 'object' && body !== null ? { ...(body as Record<string, unknown>) } : {};
  object[key!] = withValue(object[key!], rest, value);
  return object;
}

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form (encodeURIComponent
 * throws on it): it is sent as the three bytes that would spell it (CESU-8), which is what a
 * careless client produces and which no UTF-8 decoder turns back into a string holding it.
 */
export function encodeText(value: string): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      encoded += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
