import * as z from 'zod/mini';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
});
