import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ParticipantIdentifiers } from './participant-identity';

describe('participant identifiers', () => {
  it('read as one line and break only between the birth date and the record number', () => {
    render(<ParticipantIdentifiers participant={{ birth_date: '1968-12-31', mrn: '2126280' }} />);
    const birthDate = screen.getByText('DOB Dec 31, 1968');
    const recordNumber = screen.getByText('MRN 2126280');
    expect(birthDate).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(recordNumber).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(birthDate.parentElement).toHaveTextContent('DOB Dec 31, 1968 · MRN 2126280');
  });

  it('say when no birth date is recorded and leave out a missing record number', () => {
    render(<ParticipantIdentifiers participant={{ birth_date: null, mrn: null }} />);
    expect(screen.getByText('DOB not recorded').parentElement).toHaveTextContent(
      /^DOB not recorded$/,
    );
  });
});
