import { Fragment } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';

export type HighlightTextProps = {
  text: string;
  /** Phrases to mark, matched without regard to case, e.g. ['chest pain']. */
  phrases: readonly string[];
  /** Styles the marks instead of the red text (say, on a coloured chat bubble). */
  markSx?: SxProps<Theme>;
};

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Text with the given phrases wrapped in a red <mark> (spec §2: 'chest pain' is highlighted in
 * red). <mark> tells assistive technology the words are highlighted, not only sighted users.
 */
export function HighlightText({ text, phrases, markSx }: HighlightTextProps) {
  const wanted = phrases.filter((phrase) => phrase.trim() !== '');
  if (wanted.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${wanted.map(escapeRegExp).join('|')})`, 'gi');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        // split() with one capture group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          <Box
            key={index}
            component="mark"
            sx={markSx ?? { color: 'error.main', bgcolor: 'transparent', fontWeight: 700 }}
          >
            {part}
          </Box>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
