import { ne } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@recovery-portal/contract/envelope';
import { MAX_DICOM_FILES_PER_UPLOAD } from '@recovery-portal/contract/imaging';
import type { StaffRole } from '@recovery-portal/contract/users';
import { users } from '#app/db/schema/users';
import { csrfHeaders, loginAs } from '#app/test/build-test-app';
import {
  createClinicalRecord,
  createConversation,
  createDigitalTwin,
  createMarkerMembership,
  createMeasurements,
  createNudge,
  createParticipant,
  createSegment,
  createSimulationPrograms,
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { databaseDigest, digestDifference, writeMark, type DatabaseDigest } from './db-digest';
import { envelopeProblem } from './envelope-checks';
import {
  hostileJsonValue,
  hostileKey,
  hostilePathSegment,
  hostileQueryString,
  hostileUrlValue,
  jsonObjectText,
  malformedJsonText,
  percentEncode,
  HOSTILE_STRINGS,
  type JsonText,
} from './hostile-input';
import {
  allowedRoles,
  buildAppWithRouteTable,
  effectiveAccess,
  fillPath,
  isUnsafe,
  pathParamNames,
  routeName,
  type RouteEntry,
} from './route-table';
import {
  jsonSchemaOf,
  objectProperties,
  plausibleUrlText,
  plausibleValue,
  type JsonSchema,
} from './schema-input';

/**
 * Fixed, so a CI failure replays locally; fast-check prints the seed and path of a failure.
 * Each route gets its own seed derived from this one and its name.
 */
const SEED = 20_250_808;
/** Per route: ~60 routes x 60 runs is a few thousand requests in about a minute on 2 cores. */
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 60);
/** The upload parses its own body, so it gets more attempts at malformed multipart. */
const RUNS_PER_MULTIPART_ROUTE = RUNS_PER_ROUTE * 3;
/** The documentation has no input beyond the static files' path; a few runs cover it. */
const RUNS_PER_DOCS_ROUTE = Math.ceil(RUNS_PER_ROUTE / 6);

interface GeneratedRequest {
  role: StaffRole;
  url: string;
  contentType: string | null;
  payload: string | Buffer | null;
}

const { testApp, routes, errorOf } = await buildAppWithRouteTable();
const fuzzed = routes.filter(
  (route) =>
    route.kind !== 'static' &&
    route.kind !== 'fhir' &&
    route.kind !== 'page' &&
    route.method !== 'HEAD',
);

const tokens = {
  CLINICIAN: (await loginAs(testApp, 'CLINICIAN')).access_token,
  ADMINISTRATOR: (await loginAs(testApp, 'ADMINISTRATOR')).access_token,
} satisfies Record<StaffRole, string>;

/** Participants with every kind of record, so plausible ids reach real rows. */
async function seedParticipants(): Promise<number[]> {
  const ids: number[] = [];
  const [program] = await createSimulationPrograms(testApp.db);
  if (program) ids.push(program.id);
  const survey = await createSurvey(testApp.db);
  ids.push(survey.id);
  for (let index = 0; index < 3; index += 1) {
    const participant = await createParticipant(testApp.db, { firstName: `Fuzz${index}` });
    const userId = participant.id;
    ids.push(userId);
    ids.push((await createSurgery(testApp.db, userId)).id);
    ids.push((await createNudge(testApp.db, userId)).id);
    ids.push((await createNudge(testApp.db, userId, { feedbackType: 'THUMBS_UP' })).id);
    ids.push((await createConversation(testApp.db, userId)).id);
    ids.push(
      (
        await createSurveyResponse(testApp.db, userId, survey.id, {
          timepoint: 'PRE_OP',
          targetDate: '2025-03-01',
          submittedAt: new Date(),
          answers: [1, 2],
          score: 40,
        })
      ).id,
    );
    ids.push(
      (await createMarkerMembership(testApp.db, userId, { validFrom: '2025-01-01' })).id,
      (await createSegment(testApp.db, userId, { name: 'Knee', validFrom: '2025-01-01' })).id,
    );
    await createMeasurements(testApp.db, userId, [
      { key: 'painScore', value: 6, measuredAt: new Date() },
      { key: 'steps', value: 4200, measuredAt: new Date(Date.now() - 86_400_000) },
      { key: 'weight', value: 81.5, measuredAt: new Date() },
    ]);
    await createDigitalTwin(testApp.db, userId, { summary: 'Recovering well.' });
    await createClinicalRecord(testApp.db, userId, { category: 'MEDICATION', title: 'Ibuprofen' });
  }
  return [...new Set([...ids, 2_147_483_000])];
}

const seededIds = await seedParticipants();
// Staff ids too: a participant route handed a staff member's id must answer 404, not act.
const staffIds = await testApp.db
  .select({ id: users.id })
  .from(users)
  .where(ne(users.role, 'PARTICIPANT'));
const idPool = [...seededIds, ...staffIds.map((row) => row.id)];

let baseline: DatabaseDigest = await databaseDigest(testApp.db);
let baselineMark = await writeMark(testApp.db);
let mailBaseline = testApp.sentMail.length;
let requestsSent = 0;
let identitiesRenewed = 0;
let routesCompleted = 0;
const acceptedWrites = new Map<string, number>();

afterAll(async () => {
  await testApp.close();
});

function fieldText(schema: JsonSchema): fc.Arbitrary<JsonText | undefined> {
  return fc.oneof(
    { weight: 5, arbitrary: plausibleValue(schema, idPool).map((value) => JSON.stringify(value)) },
    { weight: 4, arbitrary: hostileJsonValue() },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** An object with the schema's fields, each plausible, hostile or missing, plus odd extra keys. */
function shapedBody(schema: JsonSchema): fc.Arbitrary<JsonText> {
  const properties = objectProperties(schema);
  return fc
    .tuple(
      fc.tuple(
        ...properties.map(([key, property]) => fieldText(property).map((v) => [key, v] as const)),
      ),
      fc.array(fc.tuple(hostileKey(), hostileJsonValue()), { maxLength: 2 }),
      fc.boolean(),
    )
    .map(([fields, extras, repeatFirst]) => {
      const present = fields.filter(
        (field): field is readonly [string, JsonText] => field[1] !== undefined,
      );
      const first = present[0];
      // A repeated key: JSON.parse keeps the last one, a naive validator might check the first.
      const repeated = repeatFirst && first ? [[first[0], '"repeated"'] as const] : [];
      return jsonObjectText([...present, ...extras, ...repeated]);
    });
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonp',
  'application/json, text/plain',
];

function jsonBody(
  schema: JsonSchema,
): fc.Arbitrary<Pick<GeneratedRequest, 'contentType' | 'payload'>> {
  const asJson = (payload: string) => ({ contentType: 'application/json', payload });
  return fc.oneof(
    { weight: 6, arbitrary: shapedBody(schema).map(asJson) },
    { weight: 2, arbitrary: hostileJsonValue().map(asJson) },
    { weight: 1, arbitrary: malformedJsonText().map(asJson) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom<string | null>(...WRONG_CONTENT_TYPES, null),
        payload: fc.constantFrom('a=1', '{"user_id":1}', '<a/>', '--x--'),
      }),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Multipart: the DICOM upload reads its own body, so it gets its own malformed bodies.
// ---------------------------------------------------------------------------------------------

interface Part {
  headers: string;
  data: Buffer;
}

const DICOM_LIKE = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM')]);

function fieldPart(name: string, value: string): Part {
  return { headers: `Content-Disposition: form-data; name="${name}"`, data: Buffer.from(value) };
}

function filePart(fileName: string, data: Buffer, type = 'application/dicom'): Part {
  return {
    headers: `Content-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: ${type}`,
    data,
  };
}

function multipartPayload(boundary: string, parts: readonly Part[], closed: boolean): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`),
    part.data,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(closed ? `--${boundary}--\r\n` : '')]);
}

function multipartBody(): fc.Arbitrary<Pick<GeneratedRequest, 'contentType' | 'payload'>> {
  const idText = fc.oneof(
    fc.constantFrom(...idPool).map(String),
    fc.constantFrom(...HOSTILE_STRINGS),
  );
  const fileData = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc
      .uint8Array({ maxLength: 300 })
      .map((bytes) => Buffer.concat([DICOM_LIKE, Buffer.from(bytes)])),
    fc.constant(Buffer.alloc(0)),
  );
  const fileName = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.constant('scan.dcm'));
  const part = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom('user_id', 'surgery_id'), idText)
        .map(([n, v]) => fieldPart(n, v)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileKey(), fc.constantFrom(...HOSTILE_STRINGS))
        .map(([n, v]) => fieldPart(n, v)),
    },
    { weight: 3, arbitrary: fc.tuple(fileName, fileData).map(([n, d]) => filePart(n, d)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fileData, fc.constantFrom('text/html', '', 'application/dicom\r\nX-Evil: 1'))
        .map(([d, type]) => filePart('scan.dcm', d, type)),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ headers: 'Content-Type: text/plain', data: Buffer.from('no name') }),
    },
  );
  const wellFormed = fc
    .tuple(fc.array(part, { maxLength: 6 }), fc.boolean())
    .map(([parts, closed]) => ({
      contentType: 'multipart/form-data; boundary=fuzzboundary',
      payload: multipartPayload('fuzzboundary', parts, closed),
    }));
  const tooManyFiles = fc.constant({
    contentType: 'multipart/form-data; boundary=b',
    payload: multipartPayload(
      'b',
      [
        fieldPart('user_id', String(idPool[0])),
        fieldPart('surgery_id', String(idPool[1])),
        ...Array.from({ length: MAX_DICOM_FILES_PER_UPLOAD + 1 }, (_, i) =>
          filePart(`f${i}.dcm`, DICOM_LIKE),
        ),
      ],
      true,
    ),
  });
  const malformed = fc.record({
    contentType: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=other',
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      'multipart/mixed; boundary=fuzzboundary',
    ),
    payload: fc.oneof(
      fc.constant(Buffer.alloc(0)),
      fc.constant(
        Buffer.from('--fuzzboundary\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n1'),
      ),
      fc.constant(Buffer.from('garbage without any boundary')),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    ),
  });
  return fc.oneof(
    { weight: 6, arbitrary: wellFormed },
    { weight: 1, arbitrary: tooManyFiles },
    { weight: 2, arbitrary: malformed },
    { weight: 2, arbitrary: jsonBody({}) },
  );
}

// ---------------------------------------------------------------------------------------------
// Query strings and path parameters
// ---------------------------------------------------------------------------------------------

function queryPair(key: string, schema: JsonSchema): fc.Arbitrary<string | null> {
  const encodedKey = percentEncode(key);
  const plausible = plausibleUrlText(schema, idPool).map(percentEncode);
  return fc.oneof(
    { weight: 5, arbitrary: plausible.map((value) => `${encodedKey}=${value}`) },
    { weight: 4, arbitrary: hostileUrlValue().map((value) => `${encodedKey}=${value}`) },
    // Duplicate keys arrive as an array.
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausible, hostileUrlValue())
        .map(([a, b]) => `${encodedKey}=${a}&${encodedKey}=${b}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(`${encodedKey}[]=1`, `${encodedKey}`, `${encodedKey}=`),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

function queryString(schema: JsonSchema): fc.Arbitrary<string> {
  const properties = objectProperties(schema);
  const shaped = fc
    .tuple(...properties.map(([key, property]) => queryPair(key, property)))
    .map((pairs) => pairs.filter((pair): pair is string => pair !== null).join('&'));
  return fc.oneof(
    { weight: properties.length ? 6 : 1, arbitrary: shaped },
    { weight: 2, arbitrary: hostileQueryString() },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

function pathValues(route: RouteEntry, schema: JsonSchema): fc.Arbitrary<Record<string, string>> {
  const names = pathParamNames(route.url);
  const properties = new Map(objectProperties(schema));
  return fc
    .tuple(
      ...names.map((name) =>
        fc.oneof(
          {
            weight: 2,
            arbitrary: plausibleUrlText(properties.get(name) ?? {}, idPool).map(percentEncode),
          },
          { weight: 3, arbitrary: hostilePathSegment() },
        ),
      ),
    )
    .map((values) => Object.fromEntries(names.map((name, index) => [name, values[index] ?? '1'])));
}

function requestArbitrary(route: RouteEntry): fc.Arbitrary<GeneratedRequest> {
  const roles = allowedRoles(route);
  const noBody = fc.constant({ contentType: null, payload: null });
  const body = !isUnsafe(route)
    ? noBody
    : route.multipart
      ? multipartBody()
      : jsonBody(jsonSchemaOf(route.schemas.body));
  return fc
    .record({
      role: fc.constantFrom(...(roles.length ? roles : (['CLINICIAN'] as const))),
      path: pathValues(route, jsonSchemaOf(route.schemas.params)),
      query: queryString(jsonSchemaOf(route.schemas.querystring)),
      body,
    })
    .map(({ role, path, query, body: { contentType, payload } }) => {
      const url = `${fillPath(route.url, path)}${query ? `?${query}` : ''}`;
      const generated: GeneratedRequest = { role, url, contentType, payload };
      // Counterexamples hold 100 kB strings: print them shortened.
      return Object.assign(generated, {
        [fc.toStringMethod]: () => describeRequest(route, generated),
      });
    });
}

function shorten(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

function describeRequest(route: RouteEntry, request: GeneratedRequest): string {
  const payload =
    request.payload === null
      ? ''
      : ` ${request.contentType ?? '(no content-type)'} ${JSON.stringify(shorten(request.payload.toString()))}`;
  return `${route.method} ${shorten(request.url)} as ${request.role}${payload}`;
}

// ---------------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------------

function send(route: RouteEntry, request: GeneratedRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...csrfHeaders(),
    authorization: `Bearer ${tokens[request.role]}`,
  };
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  return testApp.app.inject({
    method: route.method,
    url: request.url,
    headers,
    ...(request.payload === null ? {} : { payload: request.payload }),
  });
}

function isPrototypePolluted(): boolean {
  const probe: Record<string, unknown> = {};
  return 'polluted' in probe || Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
}

/** Why the answer to one generated request breaks the contract, or null. */
function answerProblem(route: RouteEntry, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) {
    const error = errorOf(String(response.headers['x-request-id']));
    const cause = error?.stack?.split('\n').slice(0, 6).join('\n') ?? 'no error recorded';
    return `server error ${status}: ${shorten(response.body, 200)}\n${cause}`;
  }
  if (status < 200 || (status >= 300 && status < 400 && route.kind !== 'docs')) {
    return `unexpected status ${status}`;
  }
  const envelope = route.kind === 'docs' && status < 400 ? null : envelopeProblem(response);
  if (envelope) return envelope;
  if (status === 401 && effectiveAccess(route) !== 'public') {
    return 'a signed-in, allowed caller was refused with 401';
  }
  if (status === 403) {
    const code = errorEnvelopeSchema.safeParse(response.json()).data?.error.code;
    if (code === 'CSRF_REJECTED') return 'refused as CSRF although the double-submit was sent';
  }
  if (isPrototypePolluted()) return 'Object.prototype was polluted';
  return null;
}

/**
 * A write route may accept generated input only when it is valid: a 2xx for a JSON body that
 * the route's own schema rejects means validation was skipped.
 */
function acceptedInvalidBody(route: RouteEntry, request: GeneratedRequest, status: number) {
  const schema = route.schemas.body;
  if (status >= 300 || !schema || request.contentType !== 'application/json') return false;
  let body: unknown;
  try {
    body = JSON.parse(String(request.payload));
  } catch {
    return true;
  }
  return !schema.safeParse(body).success;
}

async function checkDatabase(route: RouteEntry, status: number, what: string): Promise<void> {
  const mark = await writeMark(testApp.db);
  if (mark === baselineMark) return;
  baselineMark = mark;
  const after = await databaseDigest(testApp.db);
  const changed = digestDifference(baseline, after);
  if (!changed) return;
  if (status >= 200 && status < 300 && isUnsafe(route)) {
    // Valid input to a write route (e.g. suspending a seeded participant): a legitimate write.
    acceptedWrites.set(routeName(route), (acceptedWrites.get(routeName(route)) ?? 0) + 1);
    baseline = after;
    return;
  }
  baseline = after;
  throw new Error(`${what} answered ${status} but changed ${changed}`);
}

function checkMail(status: number, what: string): void {
  const sent = testApp.sentMail.length;
  if (sent !== mailBaseline && (status >= 400 || status < 200)) {
    mailBaseline = sent;
    throw new Error(`${what} answered ${status} but sent mail`);
  }
  mailBaseline = sent;
}

function seedOf(route: RouteEntry): number {
  let hash = SEED;
  for (const char of routeName(route)) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

describe('bad input never breaks the server or changes data', () => {
  it('finds the routes to fuzz in the route table', () => {
    expect(fuzzed.length).toBeGreaterThan(30);
    expect(fuzzed.some((route) => route.multipart)).toBe(true);
  });

  for (const route of fuzzed) {
    const who = allowedRoles(route).join(' or ').toLowerCase() || 'anyone';
    it(`${who} sending generated bad input to ${routeName(route)} gets a 4xx sentence, never a 5xx, and changes nothing`, async () => {
      const numRuns = route.multipart
        ? RUNS_PER_MULTIPART_ROUTE
        : route.kind === 'docs'
          ? RUNS_PER_DOCS_ROUTE
          : RUNS_PER_ROUTE;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          requestsSent += 1;
          const what = describeRequest(route, request);
          let response = await send(route, request);
          if (response.statusCode === 401 && effectiveAccess(route) !== 'public') {
            // An earlier valid write may have ended this identity's session (an administrator
            // revoking sessions or suspending a clinician): that 401 must not have written
            // anything; then sign in afresh and ask again.
            await checkDatabase(route, 401, what);
            tokens[request.role] = (await loginAs(testApp, request.role)).access_token;
            identitiesRenewed += 1;
            baseline = await databaseDigest(testApp.db);
            baselineMark = await writeMark(testApp.db);
            response = await send(route, request);
          }
          const problem = answerProblem(route, response);
          if (problem) throw new Error(`${what}: ${problem}`);
          if (acceptedInvalidBody(route, request, response.statusCode)) {
            throw new Error(`${what}: accepted a body its schema rejects`);
          }
          checkMail(response.statusCode, what);
          await checkDatabase(route, response.statusCode, what);
        }),
        { seed: seedOf(route), numRuns },
      );
      routesCompleted += 1;
    }, 120_000);
  }

  it('sent thousands of requests and only valid writes changed the database', async () => {
    expect(requestsSent).toBeGreaterThanOrEqual(routesCompleted * RUNS_PER_DOCS_ROUTE);
    const final = digestDifference(baseline, await databaseDigest(testApp.db));
    expect(final).toBe('');
    // Valid writes are fine, but they must stay the exception: the generators aim at bad input.
    const writes = [...acceptedWrites.values()].reduce((sum, count) => sum + count, 0);
    expect(writes).toBeLessThan(requestsSent / 4);
    expect(identitiesRenewed).toBeLessThan(20);
  });
});
