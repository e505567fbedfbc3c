import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#app/config';

const KEY = 'a backup key of at least thirty-two characters';

describe('backup configuration', () => {
  it('scheduled backups are off by default and go to DATA_DIR/backups, keeping 7', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config.backup).toEqual({
      dir: path.resolve('/srv/portal/backups'),
      everyMs: null,
      keep: 7,
      key: null,
    });
  });

  it('BACKUP_EVERY takes minutes, hours or days', () => {
    expect(loadConfig({ BACKUP_EVERY: '30m', BACKUP_KEY: KEY }).backup.everyMs).toBe(30 * 60_000);
    expect(loadConfig({ BACKUP_EVERY: '6h', BACKUP_KEY: KEY }).backup.everyMs).toBe(6 * 3_600_000);
    expect(
      loadConfig({
        BACKUP_EVERY: '1d',
        BACKUP_DIR: '/mnt/backups',
        BACKUP_KEEP: '30',
        BACKUP_KEY: KEY,
      }).backup,
    ).toEqual({ dir: path.resolve('/mnt/backups'), everyMs: 86_400_000, keep: 30, key: KEY });
  });

  it.each([['development'], ['production']])(
    'in %s, BACKUP_EVERY without BACKUP_KEY is refused: no backup is written unencrypted',
    (mode) => {
      const env = { NODE_ENV: mode, JWT_SECRET: KEY, BACKUP_EVERY: '6h' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/BACKUP_EVERY needs BACKUP_KEY.*npm run backup:key/);
    },
  );

  it('a BACKUP_KEY shorter than 32 characters is refused without echoing it', () => {
    const attempt = () => loadConfig({ BACKUP_KEY: 'short-secret-value' });
    expect(attempt).toThrow(/BACKUP_KEY must be at least 32 characters/);
    expect(attempt).not.toThrow(/short-secret-value/);
  });

  it.each([['0h'], ['6 hours'], ['-1d'], ['1.5h'], ['1w'], ['9999999m']])(
    'BACKUP_EVERY=%s is refused with a sentence naming the variable',
    (every) => {
      expect(() => loadConfig({ BACKUP_EVERY: every })).toThrow(ConfigError);
      expect(() => loadConfig({ BACKUP_EVERY: every })).toThrow(/BACKUP_EVERY must be a number/);
    },
  );

  it.each([['0'], ['many'], ['-3']])('BACKUP_KEEP=%s is refused', (keep) => {
    expect(() => loadConfig({ BACKUP_KEEP: keep })).toThrow(/BACKUP_KEEP/);
  });
});
