import { systemScopeType } from '@recovery-portal/contract/fhir-clients';

/** The scopes of a token request or a token's claim; null when any is not a system read scope. */
export function parseScopes(text: string): string[] | null {
  const scopes = text.split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return null;
  return scopes.every((scope) => systemScopeType(scope) !== null) ? [...new Set(scopes)] : null;
}

/**
 * What a client may hold of what it asked for: each asked scope its registered scopes cover, and
 * for an asked wildcard the registered scopes themselves. Never more than was registered.
 */
export function grantScopes(requested: readonly string[], registered: readonly string[]): string[] {
  const registeredTypes = registered.map(systemScopeType);
  const granted = new Set<string>();
  for (const scope of requested) {
    const type = systemScopeType(scope);
    if (registeredTypes.some((allowed) => allowed === '*' || allowed === type)) {
      granted.add(scope);
    } else if (type === '*') {
      for (const allowed of registered) granted.add(allowed);
    }
  }
  return [...granted];
}

/** Whether granted scopes allow reading a type. */
export function scopesAllow(scopes: readonly string[], type: string): boolean {
  return scopes.some((scope) => {
    const target = systemScopeType(scope);
    return target === '*' || target === type;
  });
}
