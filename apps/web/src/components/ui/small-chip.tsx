import type { ReactNode } from 'react';
import { alpha, styled } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material';

type SmallChipColor = 'default' | 'warning' | 'error';
type SmallChipVariant = 'filled' | 'outlined';

type ChipStyle = { color: SmallChipColor; variant: SmallChipVariant };

const SHOULD_FORWARD = (prop: string) => prop !== 'color' && prop !== 'variant' && prop !== 'sx';

/** MUI's small Chip, as it draws a label that is not clickable, in the colours the lists use. */
const ChipRoot = styled('span', { shouldForwardProp: SHOULD_FORWARD })<ChipStyle>(({
  theme,
  color,
  variant,
}) => {
  const main = color === 'default' ? null : theme.palette[color];
  const outlined = variant === 'outlined';
  return {
    maxWidth: '100%',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: 24,
    lineHeight: 1.5,
    borderRadius: 16,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    color: main ? (outlined ? main.main : main.contrastText) : theme.palette.text.primary,
    backgroundColor: outlined ? 'transparent' : (main?.main ?? theme.palette.action.selected),
    border: outlined
      ? `1px solid ${main ? alpha(main.main, 0.7) : theme.palette.grey[400]}`
      : undefined,
    '& > svg': {
      fontSize: 18,
      marginLeft: outlined ? 2 : 4,
      marginRight: -4,
      color: main ? 'inherit' : theme.palette.grey[700],
    },
    '& > span': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      paddingInline: outlined ? 7 : 8,
    },
  };
});

export type SmallChipProps = {
  label: ReactNode;
  color?: SmallChipColor;
  variant?: SmallChipVariant;
  /** An icon before the label (decorative: the label says it all). */
  icon?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * A small status chip drawn as MUI's Chip draws one, for the list's rows: MUI's Chip (2.7 KB)
 * then loads only with the screens that need its clickable or deletable kinds (DESIGN §7).
 * `sx` reaches the label through `& > span`.
 */
export function SmallChip({
  label,
  color = 'default',
  variant = 'filled',
  icon,
  sx,
}: SmallChipProps) {
  return (
    <ChipRoot color={color} variant={variant} sx={sx}>
      {icon}
      <span>{label}</span>
    </ChipRoot>
  );
}
