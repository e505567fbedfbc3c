import type { ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material';

const RESTING_BORDER = 'rgba(0, 0, 0, 0.23)';
const FOCUSED = ':is(input, select):focus';

/**
 * The label sits in the outline's notch, as MUI's shrunk outlined InputLabel draws it; it turns
 * primary while the control has focus and red on an error.
 */
const FieldRoot = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  verticalAlign: 'top',
  '& > label': {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    color: theme.palette.text.secondary,
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    display: 'block',
    maxWidth: 'calc(133% - 32px)',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    userSelect: 'none',
    transformOrigin: 'top left',
    transform: 'translate(14px, -9px) scale(0.75)',
    transition: theme.transitions.create('color', {
      duration: theme.transitions.duration.shorter,
      easing: theme.transitions.easing.easeOut,
    }),
  },
  [`&:has(${FOCUSED}) > label`]: { color: theme.palette.primary.main },
  '&&[data-error] > label': { color: theme.palette.error.main },
}));

/** MUI's small OutlinedInput: the box, its notched outline and the native control inside. */
const FieldBox = styled('div')(({ theme }) => ({
  ...theme.typography.body1,
  color: theme.palette.text.primary,
  lineHeight: '1.4375em',
  boxSizing: 'border-box',
  position: 'relative',
  cursor: 'text',
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: theme.shape.borderRadius,
  '& > fieldset': {
    textAlign: 'left',
    position: 'absolute',
    inset: '-5px 0 0',
    margin: 0,
    padding: '0 8px',
    pointerEvents: 'none',
    borderRadius: 'inherit',
    border: `1px solid ${RESTING_BORDER}`,
    overflow: 'hidden',
    minWidth: '0%',
  },
  '& > fieldset > legend': {
    float: 'unset',
    width: 'auto',
    overflow: 'hidden',
    display: 'block',
    padding: 0,
    height: 11,
    fontSize: '0.75em',
    visibility: 'hidden',
    maxWidth: '100%',
    whiteSpace: 'nowrap',
  },
  '& > fieldset > legend > span': {
    paddingInline: 5,
    display: 'inline-block',
    opacity: 0,
    visibility: 'visible',
  },
  '&:hover > fieldset': { borderColor: theme.palette.text.primary },
  '@media (hover: none)': { '&:hover > fieldset': { borderColor: RESTING_BORDER } },
  [`&:has(> ${FOCUSED}) > fieldset`]: { borderColor: theme.palette.primary.main, borderWidth: 2 },
  '[data-error] > && > fieldset': { borderColor: theme.palette.error.main },
  '& > input, & > select': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    padding: '8.5px 14px',
    border: 0,
    boxSizing: 'content-box',
    background: 'none',
    height: '1.4375em',
    margin: 0,
    WebkitTapHighlightColor: 'transparent',
    display: 'block',
    minWidth: 0,
    width: '100%',
    '&::placeholder': { color: 'currentColor', opacity: 0.42 },
    '&:focus': { outline: 0 },
    '&:invalid': { boxShadow: 'none' },
    '&::-webkit-search-decoration': { WebkitAppearance: 'none' },
    // The clear button replaces the browser's own cross.
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
  '& > select': {
    appearance: 'none',
    userSelect: 'none',
    cursor: 'pointer',
    borderRadius: theme.shape.borderRadius,
    paddingRight: 32,
    // As wide as the chosen option, like MUI's Select, not as the longest one (where supported).
    fieldSizing: 'content',
    '& option': { backgroundColor: theme.palette.background.paper },
  },
  // The select's arrow.
  '& > svg': {
    position: 'absolute',
    right: 7,
    top: 'calc(50% - .5em)',
    pointerEvents: 'none',
    color: theme.palette.action.active,
  },
  '& > [data-adornment]': {
    display: 'flex',
    maxHeight: '2em',
    alignItems: 'center',
    whiteSpace: 'nowrap',
    color: theme.palette.action.active,
  },
  '& > [data-adornment=start]': { marginRight: 8 },
  '& > [data-adornment=end]': { marginLeft: 8 },
  '&:has(> [data-adornment=start])': { paddingLeft: 14, '& > input': { paddingLeft: 0 } },
  '&:has(> [data-adornment=end])': { paddingRight: 14, '& > input': { paddingRight: 0 } },
}));

/** A line under the field: a hint, or the error in red. */
export const FieldHelperText = styled('p')(({ theme }) => ({
  ...theme.typography.caption,
  color: theme.palette.text.secondary,
  textAlign: 'left',
  margin: '4px 14px 0',
  '[data-error] > &': { color: theme.palette.error.main },
}));

export type OutlinedFieldProps = {
  /** The id of the control, which the visible label names. */
  controlId: string;
  label: string;
  error?: boolean;
  /** The native input or select (with the select's arrow after it), and any adornments. */
  children: ReactNode;
  /** Under the field: a FieldHelperText. */
  below?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * A small outlined field with its label always in the notch, drawn as MUI's FormControl,
 * InputLabel and OutlinedInput draw it, around a native control. The lists' toolbars use it at
 * their first paint: MUI's input machinery (FormControl, InputBase, OutlinedInput, InputLabel)
 * then loads only with the forms that need it (DESIGN §7).
 */
export function OutlinedField({
  controlId,
  label,
  error,
  children,
  below,
  sx,
}: OutlinedFieldProps) {
  return (
    <FieldRoot data-error={error || undefined} sx={sx}>
      <label htmlFor={controlId}>{label}</label>
      <FieldBox
        onClick={(event) => {
          // As MUI's input: a click on the box's padding focuses the control.
          if (event.target === event.currentTarget) {
            document.getElementById(controlId)?.focus();
          }
        }}
      >
        {children}
        <fieldset aria-hidden>
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </FieldBox>
      {below}
    </FieldRoot>
  );
}

/** An adornment before or after the control, as MUI's InputAdornment. */
export function FieldAdornment({
  position,
  children,
}: {
  position: 'start' | 'end';
  children: ReactNode;
}) {
  return <span data-adornment={position}>{children}</span>;
}
