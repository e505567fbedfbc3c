import type { FastifyReply } from 'fastify';

/** The success envelope every route returns: `{ _success: true, _data }`. */
export function ok<T>(data: T) {
  return { _success: true as const, _data: data };
}

/**
 * A route's data already written as JSON in the contract's shape `T` (by PostgreSQL, which
 * builds it from keys typed against the contract), sent as it is by sendJsonText.
 */
export interface JsonText<T> {
  readonly json: string;
  /** The contract type the text is written in; never set. */
  readonly shape?: T;
}

export const jsonText = <T>(json: string): JsonText<T> => ({ json });

/**
 * Sends the success envelope around data already written as JSON. Fastify sends a string as it
 * is, without its serializer: parsing PostgreSQL's JSON into objects, for the serializer to write
 * them out again, took a tenth of a participant list call's CPU (0.3 ms, 2026-11-29).
 */
export function sendJsonText<T>(reply: FastifyReply, data: JsonText<T>) {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"_success":true,"_data":${data.json}}`);
}
