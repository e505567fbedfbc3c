import fc from 'fast-check';

/**
 * Generators of ugly request input. Body values are produced as JSON *text*, so that a body can
 * carry what JSON.stringify never writes: 1e309, -0, 30-digit numbers, duplicate keys,
 * `__proto__` keys and nesting a thousand levels deep.
 */
export type JsonText = string;

const HUGE = 100_000;

/** Nests `inner` `depth` times between `open` and `close`. */
function nest(open: string, close: string, depth: number, inner = ''): string {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

/** Strings every text field and parameter should survive. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  '   ',
  '\t\r\n',
  'a'.repeat(HUGE),
  '😀'.repeat(HUGE / 4),
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'abc\u202Eexe.txt\u202C',
  'مرحبا بالعالم שלום עולם',
  `Z${'\u0351\u0315\u0330\u034E'.repeat(2_500)}`,
  '\uFEFFbom',
  'lone \uD800 surrogate',
  'nul\u0000byte',
  '\u0000',
  '\u0001\u001B[31mred\u007F',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1) OR (1=1',
  '1; SELECT pg_sleep(10)--',
  '$$; DELETE FROM users; $$',
  "\\'; --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%s%n%x%d',
  'a\r\nSet-Cookie: session=stolen',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  ' 42 ',
  '42abc',
  '9'.repeat(400),
  '2147483648',
  '-2147483649',
  '1.5',
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '+275760-09-13',
  '2025-03-10T25:61:61Z',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'a@b',
  `${'a'.repeat(300)}@example.com`,
  '"@"@example.com',
  'user@example.com\u0000',
  'ÄÖÜ@müller.de',
];

/** Number literals: valid JSON that JavaScript cannot hold exactly, or that is out of range. */
const HOSTILE_NUMBERS: readonly JsonText[] = [
  '0',
  '-0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  '1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '4.9e-324',
  '1E2',
];

/** Whole JSON values of the wrong shape, size or depth. */
const HOSTILE_STRUCTURES: readonly JsonText[] = [
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '[null]',
  '[1,"two",{"three":3}]',
  nest('[', ']', 1_000),
  nest('{"a":', '}', 1_000, '1'),
  nest('[{"a":', '}]', 500, 'null'),
  nest('[', ']', 10_000),
  `[${'1,'.repeat(50_000)}1]`,
  `{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":[]}',
  '{"a":1,"a":"duplicate key"}',
];

/** Text that is not JSON at all, sent as application/json. */
const MALFORMED_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":0x10}',
  '{"a":01}',
  '[1,2',
  'not json',
  '\u0000',
  '\uFEFF{}',
  `{"a":"${'x'.repeat(10)}`,
  // Over the 1 MB body limit: must answer 413, not buffer forever or crash.
  `"${'a'.repeat(1_100_000)}"`,
];

/** Key names that must never reach an object's prototype or confuse a lookup. */
const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'k'.repeat(10_000),
  '😀',
  '\u0000',
  '$where',
  'user_id ',
  'USER_ID',
];

/** A JSON value to put anywhere a value goes. */
export function hostileJsonValue(): fc.Arbitrary<JsonText> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRUCTURES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
    },
  );
}

/** A key name for an unexpected extra property. */
export function hostileKey(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  );
}

/** A body that fails before validation: not JSON, or over the size limit. */
export function malformedJsonText(): fc.Arbitrary<string> {
  return fc.constantFrom(...MALFORMED_JSON);
}

/** Serialises object entries as JSON text, keeping duplicates and `__proto__` as given. */
export function jsonObjectText(entries: readonly (readonly [string, JsonText])[]): JsonText {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encodes the UTF-8 bytes of a string. Unlike encodeURIComponent it never throws, so
 * lone surrogates travel as the replacement character, as a browser would send them.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded +=
      byte < 0x80 && UNRESERVED.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Escapes that are not valid percent-encoding, or decode to something nasty. */
const RAW_ESCAPES: readonly string[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%C0%AF',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '%ED%A0%80',
  '+',
  '%2B',
];

/** A query-string or path value, already encoded for the URL. */
export function hostileUrlValue(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode),
    },
  );
}

/** Path segments aimed at the router: traversal, encoded slashes, separators. */
export function hostilePathSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileUrlValue() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2F',
        '..%2F..%2Fpackage.json',
        '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        ';',
        '%3B',
        '-1',
        '0',
        '1.5',
        '1e3',
        '0x10',
        '%20%201',
        'NaN',
      ),
    },
  );
}

/** Whole query strings that are malformed, repetitive or aimed at the parser's objects. */
export function hostileQueryString(): fc.Arbitrary<string> {
  return fc.constantFrom(
    '&&&&',
    '=&=&=',
    '=',
    '%',
    'a=1&a=2&a=3',
    '__proto__[polluted]=yes',
    '__proto__.polluted=yes',
    'constructor[prototype][polluted]=yes',
    'toString=1&hasOwnProperty=1',
    `a=${'x'.repeat(HUGE)}`,
    Array.from({ length: 2_000 }, (_, i) => `k${i}=${i}`).join('&'),
    'a[]=1&a[]=2',
    'a[0]=1&a[1]=2',
    'a[b][c][d][e]=1',
  );
}
