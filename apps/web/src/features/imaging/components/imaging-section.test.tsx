import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGING_MESSAGES, IMAGING_PATHS } from '@recovery-portal/contract/imaging';
import type { ImagingFile } from '@recovery-portal/contract/imaging';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { startSession } from '#app/lib/session.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { ImagingSection } from './imaging-section';

type Listener = (event: ProgressEvent) => void;

/** Just enough of XMLHttpRequest for the upload; the test answers each request. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  private listeners = new Map<string, Listener[]>();
  private progressListeners: Listener[] = [];
  upload = {
    addEventListener: (_type: string, listener: Listener) => {
      this.progressListeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  progress(loaded: number, total: number) {
    for (const listener of this.progressListeners) {
      listener(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    }
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.get('load') ?? []) listener(new ProgressEvent('load'));
  }
}

async function sentXhr(index: number): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (!FakeXhr.instances[index]?.body) throw new Error('not sent yet');
  });
  return FakeXhr.instances[index] as FakeXhr;
}

const surgery: Surgery = {
  id: 4,
  user_id: 7,
  procedure: 'TOTAL_KNEE_REPLACEMENT',
  side: 'LEFT',
  surgery_date: '2026-03-02',
  surgeon: 'Dr Amal Hassan',
  hospital: 'St Mary Hospital',
  notes: null,
  image_count: 1,
  created_at: '2026-02-01T10:00:00Z',
  updated_at: '2026-02-01T10:00:00Z',
};

const image: ImagingFile = {
  id: 31,
  user_id: 7,
  surgery_id: 4,
  original_name: 'knee-ap.dcm',
  content_sha256: 'a'.repeat(64),
  size_bytes: 2_621_440,
  modality: 'CR',
  study_date: '2026-03-03',
  study_description: 'Knee post-op',
  series_description: 'AP view',
  rows: 512,
  columns: 640,
  instance_number: 2,
  preview: 'AVAILABLE',
  uploaded_by: 11,
  uploaded_at: '2026-03-04T09:15:00Z',
};

function serve(images: ImagingFile[] = [image]) {
  return mockFetch(({ url, init }) => {
    const path = url.split('?')[0];
    if (path === API_PATHS.surgery.list) return success([surgery]);
    if (path === API_PATHS.surgery.dicomList) return success(images);
    if (path === API_PATHS.surgery.dicom && init.method === 'DELETE') {
      return success({ message: IMAGING_MESSAGES.deleted, id: 31, file_removed: true });
    }
    if (path === IMAGING_PATHS.preview) return pngResponse();
    if (path === IMAGING_PATHS.file) {
      return new Response('DICM', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="knee-ap.dcm"' },
      });
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

/** The first bytes of a PNG: enough for a blob the portal only hands to an <img>. */
function pngResponse(): Response {
  return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { 'Content-Type': 'image/png' },
  });
}

const compressed: ImagingFile = {
  ...image,
  id: 32,
  original_name: 'knee-j2k.dcm',
  series_description: 'Lateral view',
  instance_number: 3,
  preview: 'COMPRESSED',
};

let objectUrls: { create: ReturnType<typeof vi.fn>; revoke: ReturnType<typeof vi.fn> };

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs; previews need them.
  let made = 0;
  objectUrls = {
    create: vi.fn(() => {
      made += 1;
      return `blob:preview-${made}`;
    }),
    revoke: vi.fn(),
  };
  Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
});

describe('imaging section', () => {
  it("clinician sees a surgery's images with their DICOM metadata", async () => {
    const { calls } = serve();
    renderWithProviders(<ImagingSection participantId={7} />);
    const table = await screen.findByRole('table', { name: 'Images' });
    const row = await within(table).findByRole('row', { name: /knee-ap\.dcm/ });
    expect(calls.map((call) => call.url)).toContain(
      `${API_PATHS.surgery.dicomList}?user_id=7&surgery_id=4`,
    );
    expect(screen.getByRole('combobox', { name: 'Surgery' })).toHaveDisplayValue(
      'Total knee replacement (Left), Mar 2, 2026',
    );
    for (const text of [
      'CR',
      'Mar 3, 2026',
      'Knee post-op',
      'AP view',
      '512 × 640',
      'instance 2',
      '2.5 MiB',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it("clinician uploads files and sees each file's progress and the server's refusal", async () => {
    setCsrfCookie();
    serve([]);
    const { user } = renderWithProviders(<ImagingSection participantId={7} />);
    await screen.findByText('No images uploaded for this surgery');
    const good = new File(['DICM'], 'good.dcm', { type: 'application/dicom' });
    const bad = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Choose DICOM files'), [good, bad]);

    const first = await sentXhr(0);
    expect(first.url).toBe(API_PATHS.surgery.dicom);
    expect([...(first.body?.keys() ?? [])]).toEqual(['user_id', 'surgery_id', 'files']);
    expect(first.body?.get('user_id')).toBe('7');
    expect(first.body?.get('surgery_id')).toBe('4');
    expect(first.headers['x-xsrf-token']).toBe('csrf-token-1');
    first.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of good.dcm' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('40%')).toBeInTheDocument();
    first.respond(200, {
      _success: true,
      _data: { files: [{ ...image, original_name: 'good.dcm' }] },
    });

    const second = await sentXhr(1);
    const refusal = IMAGING_MESSAGES.notDicom('notes.txt');
    second.respond(415, {
      _success: false,
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: refusal },
    });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByText('Refused')).toBeInTheDocument();
  });

  it('clinician drops a file on the upload zone', async () => {
    setCsrfCookie();
    serve([]);
    renderWithProviders(<ImagingSection participantId={7} />);
    const zone = await screen.findByRole('group', { name: 'DICOM upload' });
    const file = new File(['DICM'], 'dropped.dcm');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    const xhr = await sentXhr(0);
    expect(xhr.body?.get('files')).toBeInstanceOf(File);
    expect(
      await screen.findByRole('progressbar', { name: 'Upload of dropped.dcm' }),
    ).toBeInTheDocument();
  });

  it('clinician is asked before an image is deleted', async () => {
    setCsrfCookie();
    const { calls } = serve();
    const { user } = renderWithProviders(<ImagingSection participantId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Delete knee-ap.dcm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.init.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete knee-ap.dcm' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this image?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    expect(await screen.findByText(IMAGING_MESSAGES.deleted)).toBeInTheDocument();
    const deleted = calls.find((call) => call.init.method === 'DELETE');
    expect(deleted?.url).toBe(`${API_PATHS.surgery.dicom}?image_id=31`);
  });

  it('clinician downloads an image as a file with the bearer token', async () => {
    startSession(loginFor(clinicianUser));
    const { calls } = serve();
    const createObjectURL = vi.fn(() => 'blob:dicom');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<ImagingSection participantId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Download knee-ap.dcm' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const fileCall = calls.find((call) => call.url.startsWith(IMAGING_PATHS.file));
    expect(fileCall?.url).toBe(`${IMAGING_PATHS.file}?image_id=31`);
    expect(fileCall?.headers.authorization).toBe('Bearer access-1');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('clinician sees a thumbnail where the data allows a preview, and a short text where not', async () => {
    startSession(loginFor(clinicianUser));
    const { calls } = serve([image, compressed]);
    renderWithProviders(<ImagingSection participantId={7} />);
    const thumbnail = await screen.findByAltText("Preview of CR, series 'AP view', instance 2");
    await vi.waitFor(() => expect(thumbnail).toHaveAttribute('src', 'blob:preview-1'));
    const previewCall = calls.find((call) => call.url.startsWith(IMAGING_PATHS.preview));
    expect(previewCall?.url).toBe(`${IMAGING_PATHS.preview}?image_id=31`);
    expect(previewCall?.headers.authorization).toBe('Bearer access-1');

    const compressedRow = screen.getByRole('row', { name: /knee-j2k\.dcm/ });
    expect(within(compressedRow).getByText('No preview for compressed images')).toBeInTheDocument();
    expect(within(compressedRow).queryByRole('img')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('image_id=32'))).toBe(false);
  });

  it('clinician enlarges a preview in a dialog; the image is downloaded once', async () => {
    const { calls } = serve();
    const { user, unmount } = renderWithProviders(<ImagingSection participantId={7} />);
    await user.click(
      await screen.findByRole('button', {
        name: "Enlarge the preview of CR, series 'AP view', instance 2",
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /CR, series 'AP view', instance 2/ });
    expect(within(dialog).getByText('knee-ap.dcm')).toBeInTheDocument();
    const large = within(dialog).getByAltText("Preview of CR, series 'AP view', instance 2");
    await vi.waitFor(() => expect(large.getAttribute('src')).toMatch(/^blob:preview-/));
    expect(calls.filter((call) => call.url.startsWith(IMAGING_PATHS.preview))).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Every object URL made for the previews is given back once they are gone.
    unmount();
    const made = objectUrls.create.mock.results.map((result) => result.value as string);
    expect(made.length).toBeGreaterThan(0);
    expect(objectUrls.revoke.mock.calls.map(([url]) => url as string).sort()).toEqual(made.sort());
  });

  it('clinician sees the preview loading, then the reason when the server cannot render it', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(({ url }) => {
      const path = url.split('?')[0];
      if (path === API_PATHS.surgery.list) return success([surgery]);
      if (path === API_PATHS.surgery.dicomList) return success([image]);
      if (path === IMAGING_PATHS.preview) {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
    });
    renderWithProviders(<ImagingSection participantId={7} />);
    expect(
      await screen.findByRole('img', {
        name: "Loading the preview of CR, series 'AP view', instance 2",
      }),
    ).toBeInTheDocument();
    const sentence =
      'No preview: the pixel data of "knee-ap.dcm" is shorter than its rows, columns and frames say.';
    answer(failure(422, 'UNPROCESSABLE', sentence));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
