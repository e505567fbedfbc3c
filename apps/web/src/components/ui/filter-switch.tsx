import { ButtonBase, Typography } from '@mui/material';
import { alpha, styled } from '@mui/material/styles';

export type FilterSwitchProps = {
  /** What the switch narrows the list to, also its accessible name: "Mine", "Overdue tasks". */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * MUI's Switch inside its FormControlLabel, drawn from ButtonBase (its focus ripple and hover)
 * around a native checkbox with the switch role: MUI's Switch and FormControlLabel (3 KB) stay
 * off the lists' first load (DESIGN §7).
 */
const SwitchLabel = styled('label')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  cursor: 'pointer',
  verticalAlign: 'middle',
  WebkitTapHighlightColor: 'transparent',
  marginLeft: -11,
  whiteSpace: 'nowrap',
  // The switch: a track with the thumb sliding over it.
  '& > span:first-of-type': {
    display: 'inline-flex',
    width: 58,
    height: 38,
    overflow: 'hidden',
    padding: 12,
    boxSizing: 'border-box',
    position: 'relative',
    flexShrink: 0,
    zIndex: 0,
    verticalAlign: 'middle',
  },
  '& [data-part=base]': {
    position: 'absolute',
    top: 0,
    left: 0,
    zIndex: 1,
    padding: 9,
    borderRadius: '50%',
    color: theme.palette.common.white,
    transition: theme.transitions.create(['left', 'transform'], {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover': {
      backgroundColor: alpha(theme.palette.action.active, theme.palette.action.hoverOpacity),
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    '&[data-checked]': {
      transform: 'translateX(20px)',
      color: theme.palette.primary.main,
      '&:hover': {
        backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
    },
  },
  '& input': {
    cursor: 'inherit',
    position: 'absolute',
    opacity: 0,
    width: '300%',
    height: '100%',
    top: 0,
    left: '-100%',
    margin: 0,
    padding: 0,
    zIndex: 1,
  },
  '& [data-part=thumb]': {
    boxShadow: theme.shadows[1],
    backgroundColor: 'currentColor',
    boxSizing: 'border-box',
    border: '1px solid transparent',
    width: 20,
    height: 20,
    borderRadius: '50%',
  },
  '& [data-part=track]': {
    height: '100%',
    width: '100%',
    borderRadius: 7,
    zIndex: -1,
    transition: theme.transitions.create(['opacity', 'background-color'], {
      duration: theme.transitions.duration.shortest,
    }),
    '@media (forced-colors: active)': { boxSizing: 'border-box', border: '1px solid ButtonBorder' },
    backgroundColor: theme.palette.common.black,
    opacity: 0.38,
  },
  '& [data-checked] + [data-part=track]': {
    backgroundColor: theme.palette.primary.main,
    opacity: 0.5,
  },
}));

/** An on/off list filter: "Mine" (care team) and "Overdue tasks". */
export function FilterSwitch({ label, checked, onChange }: FilterSwitchProps) {
  return (
    <SwitchLabel>
      <span>
        <ButtonBase
          component="span"
          data-part="base"
          data-checked={checked || undefined}
          centerRipple
          focusRipple
          // The checkbox inside is the control: the ripple's span is neither a tab stop nor a button.
          tabIndex={-1}
          role={undefined}
        >
          <input
            type="checkbox"
            role="switch"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span data-part="thumb" />
        </ButtonBase>
        <span data-part="track" />
      </span>
      <Typography component="span">{label}</Typography>
    </SwitchLabel>
  );
}
