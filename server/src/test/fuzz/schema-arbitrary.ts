import fc from 'fast-check';

/** The part of JSON Schema that the OpenAPI document of the app uses (zod → JSON Schema). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  nullable?: boolean;
  default?: unknown;
}

/** Strings a careless handler trips over: markup, SQL, path tricks, odd Unicode, NUL. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '$' + '{7*7}',
  '__proto__',
  'constructor',
  '\ud800',
  '🛫✈️🛬',
  'काठमाडौं',
  'a'.repeat(10_000),
  '9999-99-99',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '+99999-01-01',
  'ZZZ',
  'KTM',
  'PKR',
  'NP',
];

/** Any JSON value, nested a little (a wrong type where a field expects another). */
const anyJson = fc.jsonValue({ maxDepth: 3 });

const hostileNumber = fc.constantFrom(
  0,
  -1,
  -0.5,
  1.5,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 63,
);

/** A value of the wrong kind, or of the right kind at a bad edge. */
export function hostileValue(extraStrings: readonly string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    anyJson,
    fc.constantFrom(...HOSTILE_STRINGS, ...extraStrings),
    hostileNumber,
    fc.constant(null),
    fc.array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 3 }),
    fc.constant({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
}

export interface ArbitraryOptions {
  /** Real values worth trying for a string (ids, codes, dates that exist in the test data). */
  strings?: readonly string[];
  /** Chance (0–1) that any one node is replaced by a hostile value. */
  hostileRate?: number;
}

/**
 * Values for a JSON schema: mostly what it describes (so handlers past validation run), with
 * any node now and then replaced by a hostile value, a required key dropped or an extra key added.
 */
export function schemaArbitrary(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const rate = options.hostileRate ?? 0.05;
  const strings = options.strings ?? [];
  const hostile = hostileValue(strings);
  const weight = Math.max(1, Math.round(rate * 100));

  const build = (node: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const valid = validFor(node, depth);
    if (depth > 6) return valid;
    return fc.oneof({ weight: 100 - weight, arbitrary: valid }, { weight, arbitrary: hostile });
  };

  const validFor = (node: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const alternatives = node.anyOf ?? node.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((option) => build(option, depth + 1)));
    if (node.allOf?.length) return build(Object.assign({}, ...node.allOf), depth + 1);
    if (node.const !== undefined) return fc.constant(node.const);
    if (node.enum?.length) return fc.constantFrom(...node.enum);
    const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
    switch (type) {
      case 'object':
        return objectFor(node, depth);
      case 'array': {
        const items = node.items ? build(node.items, depth + 1) : anyJson;
        return fc.array(items, {
          minLength: node.minItems ?? 0,
          maxLength: Math.min(node.maxItems ?? 5, (node.minItems ?? 0) + 5),
        });
      }
      case 'string':
        return stringFor(node, strings);
      case 'integer':
        return fc.integer({
          min: Math.max(node.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(node.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
        });
      case 'number':
        return fc.double({
          min: node.minimum ?? -1_000_000,
          max: node.maximum ?? 1_000_000,
          noNaN: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return anyJson;
    }
  };

  const objectFor = (node: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const properties = node.properties ?? {};
    const required = new Set(node.required ?? []);
    const shape = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, build(value, depth + 1)]),
    );
    const record = fc.record(shape, { requiredKeys: [...required].filter((key) => key in shape) });
    return fc
      .tuple(
        record,
        fc.option(fc.constantFrom(...required, '__none__'), { nil: undefined, freq: 10 }),
        fc.option(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 }), {
          nil: undefined,
          freq: 10,
        }),
      )
      .map(([value, drop, extra]) => {
        const result: Record<string, unknown> = { ...(value as Record<string, unknown>), ...extra };
        if (drop) delete result[drop];
        return result;
      });
  };

  return build(schema, 0);
}

function stringFor(node: JsonSchema, realValues: readonly string[]): fc.Arbitrary<string> {
  const minLength = node.minLength ?? 0;
  const maxLength = Math.min(node.maxLength ?? 40, minLength + 60);
  const shaped: fc.Arbitrary<string>[] = [];
  if (node.pattern) {
    try {
      shaped.push(fc.stringMatching(new RegExp(node.pattern)).filter((s) => s.length <= 200));
    } catch {
      // a pattern JavaScript cannot compile: plain strings below
    }
  }
  if (node.format === 'email') shaped.push(fc.emailAddress());
  if (node.format === 'uuid') shaped.push(fc.uuid());
  if (node.format === 'date')
    shaped.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  if (node.format === 'date-time') shaped.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  shaped.push(fc.string({ minLength, maxLength }));
  if (realValues.length) shaped.push(fc.constantFrom(...realValues));
  return fc.oneof(...shaped);
}

/** A JSON text nested `depth` levels deep (arrays or objects), to find recursion limits. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
