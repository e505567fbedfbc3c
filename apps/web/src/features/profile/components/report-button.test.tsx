import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { failure, mockFetch } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { ReportButton } from './report-button';

function captureDownloads() {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return clicked;
}

describe('Report button', () => {
  it('downloads the recovery report on the paper chosen', async () => {
    const { calls } = mockFetch(
      () =>
        new Response('%PDF-1.7 test', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="recovery-report-7-2026-03-10.pdf"',
          },
        }),
    );
    const clicked = captureDownloads();
    const { user } = renderWithProviders(<ReportButton participantId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    // The menu's code loads when it first opens.
    await user.click(await screen.findByRole('menuitem', { name: 'PDF on US Letter' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', 'recovery-report-7-2026-03-10.pdf');
    const [call] = calls;
    expect(new URL(call!.url, 'http://portal').pathname).toBe(API_PATHS.user.report(7));
    expect(new URL(call!.url, 'http://portal').searchParams.get('paper')).toBe('letter');
    expect(
      await screen.findByText('Report downloaded as recovery-report-7-2026-03-10.pdf.'),
    ).toBeInTheDocument();
  });

  it('a refused download shows the server sentence', async () => {
    mockFetch(() => failure(404, 'NOT_FOUND', 'There is no participant 7.'));
    captureDownloads();
    const { user } = renderWithProviders(<ReportButton participantId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF on A4' }));
    expect(await screen.findByText('There is no participant 7.')).toBeInTheDocument();
  });
});
