import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { administratorUser, clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { useParticipantType } from './participant-type';
import { getParticipantType } from './remembered-participant-type';
import {
  clearSession,
  getSession,
  homePathFor,
  loadSessionValidation,
  startSession,
  useSession,
} from './session';

describe('session', () => {
  it('stores both tokens and the whole user under the spec keys', () => {
    startSession(loginFor(clinicianUser));
    expect(window.sessionStorage.getItem('access_token')).toBe('access-1');
    expect(window.sessionStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(JSON.parse(window.sessionStorage.getItem('user') ?? 'null')).toEqual(clinicianUser);
    expect(getSession().user).toEqual(clinicianUser);
  });

  it('treats a stored user that does not match the contract as absent', () => {
    window.sessionStorage.setItem('access_token', 'a');
    window.sessionStorage.setItem('user', JSON.stringify({ id: 1, role: 'PARTICIPANT' }));
    expect(getSession().user).toBeNull();
    window.sessionStorage.setItem('user', '{not json');
    expect(getSession().user).toBeNull();
  });

  it('trusts a user stored by an earlier page load only once the contract check has loaded', async () => {
    const reloaded = { ...clinicianUser, first_name: 'Reloaded' };
    window.sessionStorage.setItem('access_token', 'a');
    window.sessionStorage.setItem('user', JSON.stringify(reloaded));
    expect(getSession().user).toBeNull();
    await loadSessionValidation();
    expect(getSession().user).toEqual(reloaded);
    window.sessionStorage.setItem('user', JSON.stringify({ ...reloaded, role: 'PARTICIPANT' }));
    expect(getSession().user).toBeNull();
  });

  it('re-renders subscribers on login and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.accessToken).toBeNull();
    act(() => startSession(loginFor(administratorUser)));
    expect(result.current.user?.role).toBe('ADMINISTRATOR');
    act(() => clearSession());
    expect(result.current).toEqual({ accessToken: null, refreshToken: null, user: null });
  });

  it('sends administrators home to /admin/home and clinicians to /', () => {
    expect(homePathFor('ADMINISTRATOR')).toBe('/admin/home');
    expect(homePathFor('CLINICIAN')).toBe('/');
  });
});

describe('participant type', () => {
  it('defaults to Internal, remembers the choice and resets on logout', () => {
    // Outside a list page the remembered tab is the one shown.
    const { result } = renderHook(() => useParticipantType(), {
      wrapper: ({ children }) => (
        <MemoryRouter initialEntries={['/participant-details/7']}>{children}</MemoryRouter>
      ),
    });
    expect(result.current[0]).toBe('Internal');
    act(() => result.current[1]('Pilot'));
    expect(result.current[0]).toBe('Pilot');
    expect(getParticipantType()).toBe('Pilot');
    act(() => clearSession());
    expect(result.current[0]).toBe('Internal');
  });

  it('ignores a stored value that is not a participant type', () => {
    window.sessionStorage.setItem('participant_type', 'Everyone');
    expect(getParticipantType()).toBe('Internal');
  });
});
