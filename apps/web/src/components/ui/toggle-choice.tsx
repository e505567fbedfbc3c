import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { alpha, Box, ButtonBase } from '@mui/material';
import type { Theme } from '@mui/material';
import { moveRovingFocus } from '#app/lib/roving-focus.ts';

type ToggleChoiceOption<Value extends string> = { value: Value; label: string };

/** MUI's small primary ToggleButton, its look in a group of buttons. */
const buttonSx = (theme: Theme) => {
  const { action, divider, primary, text } = theme.palette;
  return {
    ...theme.typography.button,
    fontSize: theme.typography.pxToRem(13),
    borderRadius: `${theme.shape.borderRadius}px`,
    padding: '7px',
    px: 2,
    border: `1px solid ${divider}`,
    color: action.active,
    '&:hover': {
      textDecoration: 'none',
      backgroundColor: alpha(text.primary, action.hoverOpacity),
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    '&[aria-pressed="true"]': {
      color: primary.main,
      backgroundColor: alpha(primary.main, action.selectedOpacity),
      '&:hover': {
        backgroundColor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity),
        '@media (hover: none)': {
          backgroundColor: alpha(primary.main, action.selectedOpacity),
        },
      },
    },
    '&:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
    '&:not(:first-of-type)': {
      marginLeft: '-1px',
      borderLeft: '1px solid transparent',
      borderTopLeftRadius: 0,
      borderBottomLeftRadius: 0,
    },
  };
};

/**
 * One choice of a few, always made: a labelled group of pressed/unpressed buttons, as MUI's
 * exclusive ToggleButtonGroup draws and runs it (one tab stop, the first button until another is
 * focused; arrow keys, Home and End move focus; a click or Enter chooses). Built from ButtonBase,
 * in the entry chunk, so a list's toolbar does not load MUI's ToggleButton (DESIGN §7).
 */
export function ToggleChoice<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ToggleChoiceOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  const [lastFocused, setLastFocused] = useState<Value | null>(null);
  const tabStop = options.some((option) => option.value === lastFocused)
    ? lastFocused
    : options[0]?.value;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => moveRovingFocus(event, 'button');

  return (
    <Box
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{ display: 'inline-flex', borderRadius: 1 }}
    >
      {options.map((option) => (
        <ButtonBase
          key={option.value}
          focusRipple
          aria-pressed={option.value === value}
          tabIndex={option.value === tabStop ? 0 : -1}
          onFocus={() => setLastFocused(option.value)}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
          sx={buttonSx}
        >
          {option.label}
        </ButtonBase>
      ))}
    </Box>
  );
}
