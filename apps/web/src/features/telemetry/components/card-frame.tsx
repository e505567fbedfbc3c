import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { errorMessage } from '#app/lib/api/api-error.ts';

type CardFrameProps = {
  titleId: string;
  title: string;
  /** Shown beside the title, e.g. filters or a toggle. */
  actions?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
};

/** The outlined card of the participant's right side, titled by an h2. */
export function CardFrame({ titleId, title, actions, subtitle, children }: CardFrameProps) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2.5 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box>
          <Typography id={titleId} component="h2" variant="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

type TileGroup<T> = { title: string; tiles: readonly T[] };

/**
 * The card's groups of tiles, each under an h3: tiles side by side, as many as fit, each at
 * least 180px wide (labels stay on one line).
 */
export function TileGroups<T>({
  groups,
  renderTile,
}: {
  groups: readonly TileGroup<T>[];
  renderTile: (tile: T) => ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {groups.map((group) => (
        <Box component="section" key={group.title}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {group.title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
              gap: 1.5,
            }}
          >
            {group.tiles.map(renderTile)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

type QueryState = { isError: boolean; error: unknown; refetch: () => unknown };

/** Loading or failed: a spinner, or an error that looks like one with a way to retry. */
export function CardStatus({ query, what }: { query: QueryState; what: string }) {
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the {what}: {errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>Loading {what}...</Typography>
    </Box>
  );
}
