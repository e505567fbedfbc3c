import type { LoginResponse } from '@recovery-portal/contract/account';
import type { SessionUser } from '@recovery-portal/contract/users';

export const clinicianUser: SessionUser = {
  id: 11,
  first_name: 'Clara',
  last_name: 'Nguyen',
  user_name: 'clara.nguyen@example.org',
  role: 'CLINICIAN',
};

export const administratorUser: SessionUser = {
  id: 1,
  first_name: 'Adam',
  last_name: 'Okafor',
  user_name: 'adam.okafor@example.org',
  role: 'ADMINISTRATOR',
};

export function loginFor(user: SessionUser, suffix = '1'): LoginResponse {
  return { access_token: `access-${suffix}`, refresh_token: `refresh-${suffix}`, user };
}
