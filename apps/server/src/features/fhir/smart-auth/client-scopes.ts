import {
  isSystemScope,
  SYSTEM_WRITE_SCOPES,
  systemScopeType,
} from '@recovery-portal/contract/fhir-clients';

/** The scopes of a token request or a token's claim; null when any is not a system scope. */
export function parseScopes(text: string): string[] | null {
  const scopes = text.split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return null;
  return scopes.every(isSystemScope) ? [...new Set(scopes)] : null;
}

/**
 * What a client may hold of what it asked for: each asked read scope its registered scopes
 * cover, for an asked wildcard the registered read scopes themselves, and each asked write scope
 * it was registered with. Never more than was registered: a wildcard read never opens a write.
 */
export function grantScopes(requested: readonly string[], registered: readonly string[]): string[] {
  const registeredTypes = registered.map(systemScopeType);
  const granted = new Set<string>();
  for (const scope of requested) {
    if (SYSTEM_WRITE_SCOPES.includes(scope)) {
      if (registered.includes(scope)) granted.add(scope);
      continue;
    }
    const type = systemScopeType(scope);
    if (registeredTypes.some((allowed) => allowed === '*' || allowed === type)) {
      granted.add(scope);
    } else if (type === '*') {
      for (const allowed of registered) {
        if (systemScopeType(allowed) !== null) granted.add(allowed);
      }
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

/** Whether granted scopes allow creating resources of a type (system/<Type>.c). */
export function scopesAllowCreate(scopes: readonly string[], type: string): boolean {
  return scopes.includes(`system/${type}.c`) && SYSTEM_WRITE_SCOPES.includes(`system/${type}.c`);
}
