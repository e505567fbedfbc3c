import { ApiDocsScreen } from '#app/features/api-docs/components/api-docs-screen.tsx';

export function ApiDocsRoute() {
  return <ApiDocsScreen />;
}
