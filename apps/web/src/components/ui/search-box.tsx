import { useId, useState } from 'react';
import { IconButton } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import { FieldAdornment, FieldHelperText, OutlinedField } from './outlined-field';

export type SearchBoxProps = {
  /** The applied search; the box shows it and follows it when it changes (back, reset). */
  value: string;
  /** Called with the trimmed text on Enter, and with '' when the box is emptied or cleared. */
  onSearch: (value: string) => void;
  /** Visible label and accessible name. */
  label?: string;
  placeholder?: string;
  sx?: SxProps<Theme>;
};

/**
 * What the box says while its text is not the applied search: that Enter applies it, and what
 * the results on screen are for until then.
 */
function pendingSearchText(applied: string): string {
  return applied
    ? `Press Enter to search. Showing results for “${applied}”.`
    : 'Press Enter to search. Showing all results.';
}

/**
 * Spec §5: a search applies only on Enter or when the box is emptied; a clear button empties it.
 * While the typed text differs from the applied search, a line under the box says to press
 * Enter and which search the results still belong to, so nobody reads them as the new word's.
 */
export function SearchBox({
  value,
  onSearch,
  label = 'Search',
  placeholder = 'Search',
  sx,
}: SearchBoxProps) {
  const id = useId();
  const helperId = `${id}-pending`;
  const [draft, setDraft] = useState(value);
  // Follow the applied value when it changes from outside (back button, reset, shared link).
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }

  const apply = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onSearch(trimmed);
  };
  const pending = draft.trim() !== value;

  return (
    <OutlinedField
      controlId={id}
      label={label}
      sx={[{ minWidth: 240 }, ...(Array.isArray(sx) ? sx : [sx])]}
      below={
        pending ? (
          // Under the box without pushing the toolbar's other controls down.
          <FieldHelperText
            id={helperId}
            role="status"
            sx={{
              position: 'absolute',
              top: '100%',
              left: 0,
              right: 0,
              m: 0,
              mt: 0.25,
              px: 0.5,
              borderRadius: 0.5,
              bgcolor: 'background.paper',
              zIndex: 1,
            }}
          >
            {pendingSearchText(value)}
          </FieldHelperText>
        ) : null
      }
    >
      <FieldAdornment position="start">
        <Search fontSize="small" />
      </FieldAdornment>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={draft}
        aria-describedby={pending ? helperId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value === '') apply('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply(draft);
          }
        }}
      />
      {draft !== '' ? (
        <FieldAdornment position="end">
          <IconButton
            aria-label="Clear search"
            edge="end"
            size="small"
            onClick={() => {
              setDraft('');
              apply('');
            }}
          >
            <Clear fontSize="small" />
          </IconButton>
        </FieldAdornment>
      ) : null}
    </OutlinedField>
  );
}
