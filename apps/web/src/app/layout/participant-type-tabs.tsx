import { useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { Box, ButtonBase } from '@mui/material';
import { PARTICIPANT_TYPES, type ParticipantType } from '@recovery-portal/contract/users';
import { useParticipantType } from '#app/lib/participant-type.ts';
import { moveRovingFocus } from '#app/lib/roving-focus.ts';

/**
 * Internal / Pilot / Demo: the choice filters every list (spec §1). Drawn on the header's first
 * paint, so it is built from ButtonBase (in the entry chunk) rather than MUI's Tabs, which would
 * add 5 KB to every signed-in first load (DESIGN §7). It keeps their look and their behaviour: a
 * tablist of tabs with aria-selected, one tab stop (the selected tab), arrow keys, Home and End
 * move focus, a click or Enter chooses.
 */
export function ParticipantTypeTabs() {
  const [type, setType] = useParticipantType();
  // The tab stop follows focus inside the list and returns to the selected tab when it leaves.
  const [focused, setFocused] = useState<ParticipantType | null>(null);
  const tabStop = focused ?? type;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    moveRovingFocus(event, '[role="tab"]');
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };

  return (
    // MUI Tabs' root, scroller and list, with their styles.
    <Box sx={{ display: 'flex', overflow: 'hidden', minHeight: 48, minWidth: 0 }}>
      <Box
        sx={{
          position: 'relative',
          display: 'inline-block',
          flex: '1 1 auto',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          width: '100%',
        }}
      >
        <Box
          role="tablist"
          aria-label="Participant type"
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          sx={{ display: 'flex' }}
        >
          {PARTICIPANT_TYPES.map((participantType) => {
            const selected = participantType === type;
            return (
              <ButtonBase
                key={participantType}
                focusRipple
                role="tab"
                aria-selected={selected}
                tabIndex={participantType === tabStop ? 0 : -1}
                onFocus={() => setFocused(participantType)}
                onClick={() => {
                  if (!selected) setType(participantType);
                }}
                sx={{
                  typography: 'button',
                  lineHeight: 1.25,
                  flexDirection: 'column',
                  position: 'relative',
                  flexShrink: 0,
                  overflow: 'hidden',
                  whiteSpace: 'normal',
                  textAlign: 'center',
                  maxWidth: 360,
                  // Three tabs beside the logo and Logout on a phone's one bar.
                  minWidth: { xs: 0, sm: 90 },
                  minHeight: 48,
                  py: 1.5,
                  px: { xs: 1.25, sm: 2 },
                  color: 'inherit',
                  // MUI dims unselected tabs to 60%, too faint on the dark bar for WCAG AA.
                  opacity: selected ? 1 : 0.85,
                }}
              >
                {participantType}
                {selected && (
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      left: 0,
                      bottom: 0,
                      width: '100%',
                      height: 2,
                      bgcolor: 'common.white',
                    }}
                  />
                )}
              </ButtonBase>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
