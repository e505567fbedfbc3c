import { describe, expect, it } from 'vitest';
import { activationCodeMail } from './templates';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [4320, '72 hours'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [121, '2 hours 1 minute'],
    [15, '15 minutes'],
    [1, '1 minute'],
    [0, '0 minutes'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('activation mail', () => {
  it('says an invitation expires in 72 hours, not 4320 minutes', () => {
    const mail = activationCodeMail({
      to: 'new@example.org',
      code: '123456',
      link: 'http://localhost/reset-password',
      minutesValid: 72 * 60,
      purpose: 'welcome',
    });
    expect(mail.text).toContain('expires in 72 hours.');
    expect(mail.html).toContain('expires in 72 hours.');
    expect(mail.text).not.toContain('4320');
  });
});
