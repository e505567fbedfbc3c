import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

/**
 * Production answers are written by Fastify's compiled serializer (fast-json-stringify) from the
 * JSON Schema of the route's zod response schema, instead of zod encoding the whole answer and
 * JSON.stringify writing it: about a third of a list call's Node time went there.
 *
 * What a client receives does not change: objects carry only their declared fields (zod objects
 * become `additionalProperties: false`, and the compiled serializer writes declared properties
 * only), so an undeclared field such as a password hash never leaves (DESIGN §8.5). What zod
 * alone checked, a handler's value against the schema, is held by the tests, which keep the zod
 * serializer: it turns a mismatch into a 500 there rather than in production.
 */
type JsonSchema = { [keyword: string]: unknown };

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const isNull = (schema: unknown) => (schema as JsonSchema | null)?.type === 'null';

/**
 * zod writes `.nullable()` as `anyOf: [X, {type: "null"}]`, and the compiled serializer picks an
 * anyOf branch by validating the value against each (a regular expression per date, per row).
 * For a primitive X the same answer comes from `type: [X, "null"]`, which needs no validation.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (typeof node !== 'object' || node === null) return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([keyword, value]) => [keyword, simplifyNullables(value)]),
  ) as JsonSchema;
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || !branches.some(isNull)) return schema;
  const other = branches.find((branch) => !isNull(branch)) as JsonSchema | undefined;
  if (!other || typeof other.type !== 'string' || !PRIMITIVE_TYPES.has(other.type)) return schema;
  const { anyOf: _nullable, ...rest } = schema;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

const compiledSerializer: typeof zodSerializerCompiler = ({ schema: declared }) => {
  const schema = declared instanceof $ZodType ? declared : declared.properties;
  // Types JSON Schema cannot state (dates, transforms) become "any": written as JSON.stringify
  // would, which is what the zod serializer did with them after encoding.
  const jsonSchema = toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return fastJson(simplifyNullables(jsonSchema) as Parameters<typeof fastJson>[0]);
};

/** The compiled serializer in production; zod's validate-then-stringify elsewhere. */
export function registerResponseSerializer(app: FastifyInstance, production: boolean) {
  app.setSerializerCompiler(production ? compiledSerializer : zodSerializerCompiler);
}
