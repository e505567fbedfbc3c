import { Typography } from '@mui/material';

/** The one h1 of a screen, with its document title. */
export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Recovery Portal`}</title>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
    </>
  );
}
