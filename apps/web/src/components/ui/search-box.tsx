import { useId, useState } from 'react';
import { IconButton, InputAdornment, InputLabel, FormControl, OutlinedInput } from '@mui/material';
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

/** Spec §5: a search applies only on Enter or when the box is emptied; a clear button empties it. */
export function SearchBox({
  value,
  onSearch,
  label = 'Search',
  placeholder = 'Search',
  sx,
}: SearchBoxProps) {
  const id = useId();
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

  return (
    <FormControl
      size="small"
      variant="outlined"
      sx={[{ minWidth: 240 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        placeholder={placeholder}
        value={draft}
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
    </FormControl>
  );
}
