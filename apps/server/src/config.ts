import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_SSO_NAME, DEFAULT_SSO_SCOPES } from '@recovery-portal/contract/sso-constants';
import { concernListSchema, DEFAULT_CONCERNS, type Concern } from '@recovery-portal/contract/flags';
import { REPORT_PAPERS } from '@recovery-portal/contract/report';
import {
  DEFAULT_IDLE_TIMEOUT_MINUTES,
  MAX_IDLE_TIMEOUT_MINUTES,
} from '@recovery-portal/contract/session-policy';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => ['1', 'true', 'yes'].includes(value));

const positiveInt = z.coerce.number().int().positive();

/** proxy-addr's names for whole ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR block (10.0.0.0/8, fd00::/8) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe: none (false), the last N hops (N proxies in front),
 * or those added by the listed proxies. "true" would believe whatever a client writes, so it is
 * refused rather than guessed at.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (['0', 'false', 'no'].includes(value)) return false;
    // Two digits at most: a count past any real chain of proxies would believe clients again.
    if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !isProxyAddress(entry));
    if (wrong === undefined) return entries;
    context.addIssue({
      code: 'custom',
      message: ['true', 'yes'].includes(value)
        ? "must be the number of proxy hops in front of the server (1 behind one load balancer) or the proxies' addresses (10.0.0.5,10.1.0.0/16), not true, which would trust any address a client writes"
        : `must be 0, a number of proxy hops below 100, or a comma-separated list of proxy addresses or CIDR blocks ("${wrong.slice(0, 60)}" is neither)`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL cancels a statement running longer than this (0: never); not used by PGlite. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  SEED_DEMO: booleanFlag.optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Recovery Portal <no-reply@recovery-portal.invalid>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_HOURS: positiveInt.default(12),
  /** A session ends this long after its sign-in, however often it was renewed. */
  SESSION_MAX_HOURS: positiveInt.max(720, 'must be at most 720 (30 days)').default(12),
  LOGIN_CODE_TTL_MINUTES: positiveInt.default(60),
  INVITE_CODE_TTL_HOURS: positiveInt.default(72),
  LOGIN_THROTTLE_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(20),
  /** Minutes without activity after which the portal signs staff out (ADR 0011). */
  IDLE_TIMEOUT_MINUTES: positiveInt
    .max(MAX_IDLE_TIMEOUT_MINUTES, `must be at most ${MAX_IDLE_TIMEOUT_MINUTES}`)
    .default(DEFAULT_IDLE_TIMEOUT_MINUTES),
  REMIND_INTERVAL_DAYS: positiveInt.default(3),
  /** A responsible clinician gets at most one critical-flag digest this often; 0 turns it off. */
  CARE_TEAM_DIGEST_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 (off) or more minutes')
    .max(10_080, 'must be at most 10080 (one week)')
    .default(60),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  /** Largest accepted uploaded file (DICOM); 512 MiB by default, at most 64 GiB. */
  MAX_UPLOAD_BYTES: positiveInt
    .max(68_719_476_736, 'must be at most 68719476736 (64 GiB)')
    .default(536_870_912),
  TRUST_PROXY: trustProxySetting.default(false),
  /** 1: /api/docs for anyone; by default only for signed-in staff. */
  API_DOCS_PUBLIC: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** A JSON file replacing the concerning findings coach conversations are screened for. */
  FLAG_TERMS_FILE: z.string().min(1).optional(),
  /** Single sign-on with OpenID Connect (ADR 0015): the first three switch it on. */
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2048).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').optional(),
  OIDC_SCOPES: z
    .string()
    .regex(/(^|\s)openid(\s|$)/, 'must include openid')
    .regex(/^[\x21-\x7e ]+$/, 'must be scope names separated by spaces')
    .optional(),
  OIDC_ONLY: booleanFlag.default(false),
  OIDC_AUTO_PROVISION: z.enum(['clinician', 'none']).default('none'),
  /** The email domains whose people OIDC_AUTO_PROVISION may create accounts for. */
  OIDC_ALLOWED_DOMAINS: z.string().max(4_096).optional(),
  // Scheduled backups (ADR 0017): BACKUP_EVERY turns them on; see features/backup.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY: z
    .string()
    .regex(
      /^[1-9]\d{0,5}[mhd]$/,
      'must be a number of minutes, hours or days, such as 30m, 6h or 1d',
    )
    .optional(),
  BACKUP_KEEP: positiveInt.max(10_000).default(7),
  /** The passphrase every backup is encrypted with; kept outside DATA_DIR and the backups. */
  BACKUP_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (npm run backup:key prints a new random one)')
    .max(1024, 'must be at most 1024 characters')
    .optional(),
  /**
   * The identifier system of the clinic's medical record numbers in FHIR Patient.identifier,
   * such as the hospital's own urn:oid:…; unset, the portal's NamingSystem/mrn under the FHIR base.
   */
  FHIR_MRN_SYSTEM: z
    .url({
      protocol: /^(https?|urn)$/,
      error: 'must be an http(s) URL or a urn: such as urn:oid:1.2.3',
    })
    .optional(),
  /** Paper of the recovery report when the request names none (ADR 0019). */
  REPORT_PAPER: z.enum(REPORT_PAPERS, { error: 'must be a4 or letter' }).default('a4'),
});

const BACKUP_UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** BACKUP_EVERY ("6h") in milliseconds; the schema has checked its shape. */
function backupIntervalMs(every: string): number {
  const unit = every.slice(-1) as keyof typeof BACKUP_UNIT_MS;
  return Number(every.slice(0, -1)) * BACKUP_UNIT_MS[unit];
}

const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
  'BACKUP_KEY',
]);

export type Config = ReturnType<typeof buildConfig>;

/** Raised when the environment is unusable; server.ts prints its one-line message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseKind: env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const),
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    /** Demo data is seeded on the embedded default, and on PostgreSQL only when asked for. */
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlHours: env.REFRESH_TOKEN_TTL_HOURS,
    sessionMaxHours: env.SESSION_MAX_HOURS,
    loginCodeTtlMinutes: env.LOGIN_CODE_TTL_MINUTES,
    inviteCodeTtlHours: env.INVITE_CODE_TTL_HOURS,
    loginThrottle: {
      windowMinutes: env.LOGIN_THROTTLE_WINDOW_MINUTES,
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
    },
    idleTimeoutMinutes: env.IDLE_TIMEOUT_MINUTES,
    remindIntervalDays: env.REMIND_INTERVAL_DAYS,
    /** 0: no critical-flag digests are sent. */
    careTeamDigestMinutes: env.CARE_TEAM_DIGEST_MINUTES,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
    trustProxy: env.TRUST_PROXY,
    apiDocsPublic: env.API_DOCS_PUBLIC,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(
      env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    ),
    /** What coach conversations are screened for: the defaults, or FLAG_TERMS_FILE's list. */
    flagConcerns: env.FLAG_TERMS_FILE ? readConcernsFile(env.FLAG_TERMS_FILE) : DEFAULT_CONCERNS,
    /**
     * Where scheduled backups go, how often (null: never), how many are kept, and the key they
     * are encrypted with (null: no backup can be written, verified or restored).
     */
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      everyMs: env.BACKUP_EVERY ? backupIntervalMs(env.BACKUP_EVERY) : null,
      keep: env.BACKUP_KEEP,
      key: env.BACKUP_KEY ?? null,
    },
    oidc: oidcConfig(env),
    reportPaper: env.REPORT_PAPER,
    /** Null: the portal's own NamingSystem/mrn (features/fhir/codes.ts). */
    fhirMrnSystem: env.FHIR_MRN_SYSTEM ?? null,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A DNS name of two or more labels, as the part of an email address after the @. */
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** Single sign-on settings (ADR 0015), or null when OIDC_ISSUER and its client are not set. */
function oidcConfig(env: z.infer<typeof envSchema>) {
  const fail = (problem: string) => new ConfigError(`Invalid configuration: ${problem}.`);
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = env;
  if (!issuer && !clientId && !secret) {
    if (env.OIDC_ONLY)
      throw fail('OIDC_ONLY=true needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    return null;
  }
  if (!issuer || !clientId || !secret)
    throw fail('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  const issuerUrl = new URL(issuer);
  // Tokens and the client secret travel to the issuer: plain http only to this machine (tests).
  if (issuerUrl.protocol !== 'https:' && !LOOPBACK_HOSTS.has(issuerUrl.hostname))
    throw fail(`OIDC_ISSUER must use https:// (got "${issuer.slice(0, 60)}")`);
  const allowedDomains = (env.OIDC_ALLOWED_DOMAINS ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((domain) => domain.toLowerCase());
  const badDomain = allowedDomains.find((domain) => !DOMAIN_NAME.test(domain));
  if (badDomain !== undefined)
    throw fail(
      `OIDC_ALLOWED_DOMAINS must be email domains separated by commas, such as clinic.example (got "${badDomain.slice(0, 60)}")`,
    );
  // Without a list, any verified email the provider names would become a clinician, which for
  // a multi-tenant provider (Entra ID, Google) means anyone with an account there.
  if (env.OIDC_AUTO_PROVISION === 'clinician' && allowedDomains.length === 0)
    throw fail(
      'OIDC_AUTO_PROVISION=clinician needs OIDC_ALLOWED_DOMAINS, the email domains whose people may get an account',
    );
  return {
    issuer: issuerUrl,
    clientId,
    clientSecret: secret,
    name: env.OIDC_NAME ?? DEFAULT_SSO_NAME,
    scopes: (env.OIDC_SCOPES ?? DEFAULT_SSO_SCOPES).trim().split(/\s+/).join(' '),
    only: env.OIDC_ONLY,
    autoProvision: env.OIDC_AUTO_PROVISION === 'clinician' ? ('CLINICIAN' as const) : null,
    /** Lower-case; an email's domain must equal one of them (subdomains are not included). */
    allowedDomains: [...new Set(allowedDomains)] as readonly string[],
  };
}

/** Reads and validates FLAG_TERMS_FILE, naming the file and the first problem when it is unusable. */
function readConcernsFile(file: string): readonly Concern[] {
  const fail = (problem: string) =>
    new ConfigError(`Invalid configuration: FLAG_TERMS_FILE ${problem} (file "${file}").`);
  let text: string;
  try {
    text = readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw fail(`cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail('is not valid JSON');
  }
  const parsed = concernListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw fail(`is not a valid list of concerns${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The only reader of process.env: validates it and names the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (as compose files and shells often leave them) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    // Never echo a value that may hold a secret (a key, or credentials inside a URL).
    const received =
      variable in env && !SECRET_VARIABLES.has(variable)
        ? ` (got "${String(env[variable]).slice(0, 60)}")`
        : '';
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${received}.`,
    );
  }
  const config = buildConfig(parsed.data);
  if (config.isProduction && !config.jwtSecret) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production (at least 32 characters).',
    );
  }
  if (config.backup.everyMs !== null && !config.backup.key) {
    throw new ConfigError(
      'Invalid configuration: BACKUP_EVERY needs BACKUP_KEY, the passphrase scheduled backups are encrypted with (at least 32 characters; npm run backup:key prints a new one to keep outside DATA_DIR).',
    );
  }
  return config;
}
