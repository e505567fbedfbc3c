import { AuditLogScreen } from '../../features/audit/components/audit-log-screen';

export function AuditLogRoute() {
  return <AuditLogScreen />;
}
