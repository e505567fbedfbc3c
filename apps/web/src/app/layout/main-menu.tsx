import { Button } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { StaffRole } from '@recovery-portal/contract/users';
import {
  useRememberedParticipantType,
  withParticipantType,
} from '#app/lib/remembered-participant-type.ts';
import { ScrollRow } from '#app/components/ui/scroll-row.tsx';

type MenuItem = { label: string; to: string; sections: readonly string[] };

/** Spec §2: / selects Participants, and participant details count as part of Participants. */
const MENU: readonly MenuItem[] = [
  {
    label: 'Participants',
    to: WEB_ROUTES.participants,
    sections: [WEB_ROUTES.participants, WEB_ROUTES.participantDetails],
  },
  {
    label: 'Nudges',
    to: WEB_ROUTES.nudges,
    sections: [WEB_ROUTES.nudges, WEB_ROUTES.nudgeDetails],
  },
  { label: 'Coach', to: WEB_ROUTES.coach, sections: [WEB_ROUTES.coach] },
  { label: 'Flags', to: WEB_ROUTES.flags, sections: [WEB_ROUTES.flags] },
  { label: 'Outcomes', to: WEB_ROUTES.outcomes, sections: [WEB_ROUTES.outcomes] },
  { label: 'My tasks', to: WEB_ROUTES.myTasks, sections: [WEB_ROUTES.myTasks] },
  { label: 'API docs', to: WEB_ROUTES.apiDocs, sections: [WEB_ROUTES.apiDocs] },
];

/** Administrators manage the clinicians and the FHIR API's system clients, and read the audit trail. */
const ADMINISTRATOR_MENU: readonly MenuItem[] = [
  { label: 'Clinicians', to: WEB_ROUTES.adminHome, sections: [WEB_ROUTES.adminHome] },
  { label: 'Audit log', to: WEB_ROUTES.auditLog, sections: [WEB_ROUTES.auditLog] },
  { label: 'FHIR clients', to: WEB_ROUTES.fhirClients, sections: [WEB_ROUTES.fhirClients] },
  { label: 'API docs', to: WEB_ROUTES.apiDocs, sections: [WEB_ROUTES.apiDocs] },
];

const MENUS: Record<StaffRole, readonly MenuItem[]> = {
  CLINICIAN: MENU,
  ADMINISTRATOR: ADMINISTRATOR_MENU,
};

function inSection(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

export function isMenuItemSelected(item: MenuItem, pathname: string): boolean {
  if (pathname === WEB_ROUTES.home) return item.to === WEB_ROUTES.participants;
  return item.sections.some((section) => inSection(pathname, section));
}

export function MainMenu({ role = 'CLINICIAN' }: { role?: StaffRole }) {
  const { pathname } = useLocation();
  // The lists open on the tab last chosen (decision 0004: it is part of their URL).
  const type = useRememberedParticipantType();
  return (
    <ScrollRow
      label="Main menu"
      currentKey={pathname}
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      rowSx={{ gap: { xs: 0, sm: 1 }, px: { xs: 0.5, sm: 3 } }}
    >
      {MENUS[role].map((item) => {
        const selected = isMenuItemSelected(item, pathname);
        return (
          <Button
            key={item.label}
            component={RouterLink}
            to={withParticipantType(item.to, type)}
            aria-current={selected ? 'page' : undefined}
            color={selected ? 'primary' : 'inherit'}
            sx={{
              borderRadius: 0,
              py: 1.5,
              px: { xs: 1.25, sm: 2 },
              minWidth: 0,
              flexShrink: 0,
              whiteSpace: 'nowrap',
              borderBottom: 3,
              borderColor: selected ? 'primary.main' : 'transparent',
              color: selected ? 'primary.main' : 'text.secondary',
            }}
          >
            {item.label}
          </Button>
        );
      })}
    </ScrollRow>
  );
}
