import { AuditLogScreen } from '#app/features/audit/components/audit-log-screen.tsx';

export function AuditLogRoute() {
  return <AuditLogScreen />;
}
