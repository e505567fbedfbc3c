import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { ApiError, errorMessage } from '#app/lib/api/api-error.ts';
import { LoadError } from './load-error';

type RecordQuery<T> = {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
};

type RecordGateProps<T> = {
  /** The id parsed from the URL; null for a malformed one, which is not asked for. */
  id: number | null;
  /** The id as written in the URL, quoted back when nothing has it. */
  rawId: string | undefined;
  query: RecordQuery<T>;
  /** What the record is, in a sentence: 'nudge', 'participant'. */
  noun: string;
  /** The heading when nothing has the id, e.g. 'Nudge not found'. */
  notFoundTitle: string;
  /** Why nothing may have the id, e.g. 'It may have been removed, or the link is wrong.' */
  notFoundReason: string;
  loadingText: string;
  /** The way back to the list, shown under a failure. */
  backLink: ReactNode;
  /** The page, drawn once the record has loaded. */
  children: (data: T) => ReactNode;
};

/**
 * Loads the record named in the URL and shows its page only for one that exists: a malformed
 * id or an unknown record says so plainly, and any other failure looks like one.
 */
export function RecordGate<T>({
  id,
  rawId,
  query,
  noun,
  notFoundTitle,
  notFoundReason,
  loadingText,
  backLink,
  children,
}: RecordGateProps<T>) {
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning" role="status">
          <Typography component="h2" variant="h3" sx={{ mb: 0.5 }}>
            {notFoundTitle}
          </Typography>
          {`There is no ${noun} with the id ${rawId ?? ''}. ${notFoundReason}`}
        </Alert>
        {backLink}
      </Box>
    );
  }

  // A failed refetch keeps the page it already has.
  if (query.isError && query.data === undefined) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <LoadError message={errorMessage(query.error)} onRetry={query.refetch} />
        {backLink}
      </Box>
    );
  }

  if (query.data === undefined) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>{loadingText}</Typography>
      </Box>
    );
  }

  return children(query.data);
}
