import { describe, expect, it } from 'vitest';
import './zod-jitless';
import * as z from 'zod/mini';

describe('zod under the CSP', () => {
  it('runs jitless, so no schema probes for or compiles with eval', () => {
    expect(z.config().jitless).toBe(true);
  });
});
