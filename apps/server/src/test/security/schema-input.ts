import fc from 'fast-check';
import { z } from 'zod';

/** The parts of JSON Schema that z.toJSONSchema writes and the generators read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

/** The JSON Schema of a route's zod input schema, as a client would read it from the docs. */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema {
  if (!schema) return {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    // A schema JSON Schema cannot describe still gets fuzzed, just without well-formed fields.
    return {};
  }
}

/** Property names and schemas of an object schema (of its first object branch, if a union). */
export function objectProperties(schema: JsonSchema): [string, JsonSchema][] {
  if (schema.properties) return Object.entries(schema.properties);
  const branch = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].find(
    (candidate) => candidate.properties,
  );
  return branch?.properties ? Object.entries(branch.properties) : [];
}

const today = () => new Date().toISOString().slice(0, 10);

function fitLength(text: string, schema: JsonSchema): string {
  const padded = text.padEnd(schema.minLength ?? 0, 'x');
  return schema.maxLength === undefined ? padded : padded.slice(0, schema.maxLength);
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = schema.pattern ?? '';
  if (schema.format === 'date-time' || pattern.includes('T(?:')) {
    return fc.constantFrom(new Date().toISOString(), '2025-03-10T09:30:00.000Z');
  }
  if (schema.format === 'email' || pattern.includes('@')) {
    return fc.constantFrom('fuzz.tester@example.test', 'Clinic.Fuzz@Example.test');
  }
  if (schema.format === 'date' || schema.maxLength === 10) {
    return fc.constantFrom(today(), '2025-03-10', '2024-02-29');
  }
  if (schema.format === 'time') return fc.constantFrom('09:30', '23:59:59');
  if (pattern && pattern.length < 80) {
    return fc
      .stringMatching(new RegExp(pattern), { size: 'xsmall' })
      .filter((text) => text.length <= (schema.maxLength ?? 200));
  }
  return fc
    .constantFrom('Plain text', 'Knee', 'CZ', 'Ada Lovelace', 'A')
    .map((text) => fitLength(text, schema));
}

function numberCandidates(schema: JsonSchema, ids: readonly number[], integer: boolean): number[] {
  const low =
    schema.minimum ??
    (schema.exclusiveMinimum === undefined
      ? -1_000
      : schema.exclusiveMinimum + (integer ? 1 : 0.5));
  const high =
    schema.maximum ??
    (schema.exclusiveMaximum === undefined
      ? 1_000_000
      : schema.exclusiveMaximum - (integer ? 1 : 0.5));
  const candidates = [...ids, low, high, 0, 1, 5, 10, integer ? 7 : 2.5];
  return [...new Set(candidates.filter((value) => value >= low && value <= high))];
}

/**
 * A value the schema probably accepts: ids of seeded rows, enum members, dates, emails. Mixed
 * with hostile values, these let bad input get past the first field and reach deeper checks.
 */
export function plausibleValue(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => plausibleValue(branch, ids)));
  if (schema.allOf?.[0]) return plausibleValue(schema.allOf[0], ids);
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'any';
  switch (type) {
    case 'integer':
    case 'number': {
      const candidates = numberCandidates(schema, ids, type === 'integer');
      return candidates.length ? fc.constantFrom(...candidates) : fc.constant(1);
    }
    case 'string':
      return plausibleString(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausibleValue(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      return fc
        .tuple(
          ...entries.map(([key, property]) =>
            required.has(key)
              ? plausibleValue(property, ids).map((value) => [key, value] as const)
              : fc.option(plausibleValue(property, ids).map((value) => [key, value] as const)),
          ),
        )
        .map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== null)));
    }
    default:
      return fc.constantFrom<unknown>(1, 'text', null);
  }
}

/** A plausible value written the way it travels in a URL (query or path), not yet encoded. */
export function plausibleUrlText(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<string> {
  return plausibleValue(schema, ids).map((value) =>
    typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
  );
}
