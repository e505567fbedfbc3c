import { useId, useState } from 'react';
import {
  FormControl,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  OutlinedInput,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';

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
    <FormControl
      size="small"
      variant="outlined"
      sx={[{ minWidth: 240, position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        placeholder={placeholder}
        value={draft}
        inputProps={{ 'aria-describedby': pending ? helperId : undefined }}
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
        startAdornment={
          <InputAdornment position="start">
            <Search fontSize="small" />
          </InputAdornment>
        }
        endAdornment={
          draft !== '' ? (
            <InputAdornment position="end">
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
            </InputAdornment>
          ) : null
        }
        // The browser's own clear cross would duplicate the button above.
        sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
      />
      {pending ? (
        // Under the box without pushing the toolbar's other controls down.
        <FormHelperText
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
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
