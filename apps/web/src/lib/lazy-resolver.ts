import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<T extends FieldValues> = {
  resolver: Resolver<T>;
  /** Starts loading now, e.g. right after the form's first render. */
  preload: () => Promise<Resolver<T>>;
};

/**
 * A form resolver whose code (the contract schema, zod and the zod resolver) loads on first use
 * or on preload. It lets a form on the first-load path render before its validation library
 * arrives (DESIGN §7); a failed load is retried on the next validation.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await preload())(values, context, options),
    preload,
  };
}
