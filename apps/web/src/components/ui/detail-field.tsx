import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** One term and its value inside a description list (`<dl>`) that the caller lays out. */
export function DetailField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{term}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}
