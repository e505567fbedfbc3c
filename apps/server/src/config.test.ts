import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const GOOD_SECRET = 'a-production-secret-of-at-least-32-characters';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('configuration', () => {
  it('starts with sensible defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      host: '127.0.0.1',
      port: 3000,
      databaseKind: 'pglite',
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlHours: 12,
      loginCodeTtlMinutes: 60,
      loginThrottle: { windowMinutes: 15, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 },
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('an operator who mistypes PORT is told which variable is wrong', () => {
    const error = configError({ PORT: 'eighty' });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).toContain('eighty');
    expect(configError({ PORT: '70000' }).message).toMatch(/\bPORT\b/);
    expect(configError({ PORT: '-1' }).message).toMatch(/\bPORT\b/);
  });

  it('other bad values name their variable too', () => {
    expect(configError({ DATABASE_URL: 'mysql://db/portal' }).message).toMatch(/\bDATABASE_URL\b/);
    expect(configError({ NODE_ENV: 'staging' }).message).toMatch(/\bNODE_ENV\b/);
    expect(configError({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' }).message).toMatch(
      /\bLOGIN_MAX_FAILURES_PER_ACCOUNT\b/,
    );
    expect(configError({ TRUST_PROXY: 'maybe' }).message).toMatch(/\bTRUST_PROXY\b/);
  });

  it('the recovery report prints on A4 unless REPORT_PAPER names US Letter', () => {
    expect(loadConfig({}).reportPaper).toBe('a4');
    expect(loadConfig({ REPORT_PAPER: 'letter' }).reportPaper).toBe('letter');
    const error = configError({ REPORT_PAPER: 'legal' });
    expect(error.message).toMatch(/\bREPORT_PAPER\b/);
    expect(error.message).toContain('a4 or letter');
  });

  it('PostgreSQL statements time out after 15 s unless DATABASE_STATEMENT_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(15_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).databaseStatementTimeoutMs).toBe(
      2500,
    );
    // 0 is PostgreSQL's own "no limit".
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    for (const bad of ['-1', '1.5', 'soon']) {
      expect(configError({ DATABASE_STATEMENT_TIMEOUT_MS: bad }).message).toMatch(
        /\bDATABASE_STATEMENT_TIMEOUT_MS\b/,
      );
    }
  });

  it('the critical-flag digest runs hourly unless CARE_TEAM_DIGEST_MINUTES says otherwise; 0 is off', () => {
    expect(loadConfig({}).careTeamDigestMinutes).toBe(60);
    expect(loadConfig({ CARE_TEAM_DIGEST_MINUTES: '15' }).careTeamDigestMinutes).toBe(15);
    expect(loadConfig({ CARE_TEAM_DIGEST_MINUTES: '0' }).careTeamDigestMinutes).toBe(0);
    for (const bad of ['-5', '2.5', 'hourly', '10081']) {
      expect(configError({ CARE_TEAM_DIGEST_MINUTES: bad }).message).toMatch(
        /\bCARE_TEAM_DIGEST_MINUTES\b/,
      );
    }
  });

  it('production refuses to start without a JWT_SECRET', () => {
    const error = configError({ NODE_ENV: 'production' });
    expect(error.message).toMatch(/\bJWT_SECRET\b/);
    expect(error.message).toMatch(/production/i);
  });

  it('a JWT_SECRET shorter than 32 characters is refused, without echoing it', () => {
    const error = configError({ NODE_ENV: 'production', JWT_SECRET: 'short-but-secret' });
    expect(error.message).toMatch(/\bJWT_SECRET\b/);
    expect(error.message).not.toContain('short-but-secret');
  });

  it('credentials inside a rejected URL are not echoed', () => {
    const error = configError({ SMTP_URL: 'http://mailer:hunter2@mail.example.org' });
    expect(error.message).toMatch(/\bSMTP_URL\b/);
    expect(error.message).not.toContain('hunter2');
  });

  it('production starts with a long enough JWT_SECRET', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET });
    expect(config.isProduction).toBe(true);
    expect(config.jwtSecret).toBe(GOOD_SECRET);
  });

  it('DATABASE_URL switches to PostgreSQL and turns demo seeding off unless asked for', () => {
    const url = 'postgres://portal@db.internal:5432/portal';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({
      databaseKind: 'postgres',
      databaseUrl: url,
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'yes' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('an empty variable counts as not set, as compose files often leave them', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '', SMTP_URL: '' })).toMatchObject({
      databaseKind: 'pglite',
      port: 3000,
      smtpUrl: undefined,
    });
  });

  it('numbers and flags are read from their text, and PUBLIC_URL loses a trailing slash', () => {
    const config = loadConfig({
      PORT: '8080',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      BODY_LIMIT_BYTES: '4096',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://portal.example.org/',
    });
    expect(config).toMatchObject({
      port: 8080,
      accessTokenTtlSeconds: 60,
      bodyLimitBytes: 4096,
      trustProxy: 1,
      publicUrl: 'https://portal.example.org',
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('TRUST_PROXY names how many proxy hops, or which proxies, to believe in X-Forwarded-For', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('TRUST_PROXY=true, which would believe any address a client writes, is refused at start', () => {
    for (const value of ['true', 'yes']) {
      const message = configError({ TRUST_PROXY: value }).message;
      expect(message).toMatch(
        /^Invalid configuration: TRUST_PROXY must be the number of proxy hops/,
      );
      expect(message).toContain('not true');
      expect(message).not.toContain('\n');
    }
  });

  it('a TRUST_PROXY that is neither a hop count nor proxy addresses names the wrong entry', () => {
    for (const [value, wrong] of [
      ['10.0.0.5,proxy.internal', 'proxy.internal'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['fd00::/129', 'fd00::/129'],
      ['10.0.0.0/8/8', '10.0.0.0/8/8'],
      ['-1', '-1'],
      ['100', '100'],
      ['10.0.0.5,', ''],
    ] as const) {
      const message = configError({ TRUST_PROXY: value }).message;
      expect(message).toMatch(/\bTRUST_PROXY\b/);
      expect(message).toContain(`"${wrong}" is neither`);
    }
  });
});
