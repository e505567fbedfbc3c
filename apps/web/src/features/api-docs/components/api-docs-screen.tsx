import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  List,
  ListItem,
  Paper,
  Typography,
} from '@mui/material';
import { API_DOCS_METHODS, type ApiDocs } from '@recovery-portal/contract/api-docs';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useApiDocs } from '#app/features/api-docs/api/get-api-docs.ts';

interface Operation {
  method: string;
  path: string;
  summary: string;
}

/** The operations by their first tag, in the document's order. */
function operationsByTag(docs: ApiDocs): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(docs.paths)) {
    for (const method of API_DOCS_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const summary = operation.summary ?? operation.description ?? '';
      groups.set(tag, [
        ...(groups.get(tag) ?? []),
        { method: method.toUpperCase(), path, summary },
      ]);
    }
  }
  return [...groups.entries()];
}

/** The API's operations, readable in the portal (the raw OpenAPI JSON is for tools). */
export function ApiDocsScreen() {
  const docs = useApiDocs();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <PageHeading title="API docs" />
      {docs.isPending ? <CircularProgress aria-label="Loading" /> : null}
      {docs.isError ? <Alert severity="error">{errorMessage(docs.error)}</Alert> : null}
      {docs.data ? <ApiDocsBody docs={docs.data} /> : null}
    </Box>
  );
}

function ApiDocsBody({ docs }: { docs: ApiDocs }) {
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {docs.info.title} {docs.info.version}
      </Typography>
      {docs.info.description ? (
        <Typography sx={{ mb: 2 }}>{docs.info.description}</Typography>
      ) : null}
      {operationsByTag(docs).map(([tag, operations]) => (
        <Paper
          key={tag}
          component="section"
          aria-labelledby={`api-tag-${tag}`}
          sx={{ mb: 2, p: 2 }}
        >
          <Typography variant="h2" id={`api-tag-${tag}`} sx={{ fontSize: '1.25rem', mb: 1 }}>
            {tag}
          </Typography>
          <List dense disablePadding>
            {operations.map((operation) => (
              <ListItem
                key={`${operation.method} ${operation.path}`}
                disableGutters
                sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}
              >
                <Chip label={operation.method} size="small" sx={{ fontFamily: 'monospace' }} />
                <Typography
                  component="code"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {operation.path}
                </Typography>
                <Typography color="text.secondary">{operation.summary}</Typography>
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </>
  );
}
