import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { mockFetch, setCsrfCookie } from '#app/testing/http.ts';
import { ApiError } from './api-error';
import { apiUpload } from './upload';
import { getSession, startSession } from '#app/lib/session.ts';

type Listener = (event: ProgressEvent) => void;

/** Just enough of XMLHttpRequest for apiUpload; each test answers the requests it sends. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  private listeners = new Map<string, Listener[]>();
  private uploadListeners = new Map<string, Listener[]>();
  upload = {
    addEventListener: (type: string, listener: Listener) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.get('progress') ?? []) {
      listener(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    }
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.fire('load');
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new ProgressEvent(type));
  }
}

function installFakeXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

async function nextXhr(index: number): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (!FakeXhr.instances[index]?.body) throw new Error('not sent yet');
  });
  return FakeXhr.instances[index] as FakeXhr;
}

const schema = z.object({ files: z.array(z.object({ id: z.number() })) });

function form() {
  const body = new FormData();
  body.append('user_id', '7');
  body.append('files', new File(['DICM'], 'a.dcm'));
  return body;
}

describe('api upload', () => {
  it('sends the bearer token, no-cache and CSRF headers, reports progress and returns _data', async () => {
    installFakeXhr();
    startSession(loginFor(clinicianUser));
    setCsrfCookie('csrf-9');
    const progress: number[] = [];
    const body = form();
    const done = apiUpload(API_PATHS.surgery.dicom, {
      body,
      schema,
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    const xhr = await nextXhr(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(API_PATHS.surgery.dicom);
    expect(xhr.body).toBe(body);
    expect(xhr.headers).toMatchObject({
      authorization: 'Bearer access-1',
      'cache-control': 'no-cache',
      pragma: 'no-cache',
      'x-xsrf-token': 'csrf-9',
      accept: 'application/json',
    });
    xhr.progress(50, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { _success: true, _data: { files: [{ id: 3 }] } });
    await expect(done).resolves.toEqual({ files: [{ id: 3 }] });
    expect(progress).toEqual([0.5, 1]);
  });

  it("throws the server's sentence and code for a refused upload", async () => {
    installFakeXhr();
    startSession(loginFor(clinicianUser));
    setCsrfCookie();
    const done = apiUpload(API_PATHS.surgery.dicom, { body: form(), schema });
    const xhr = await nextXhr(0);
    const message =
      '"a.dcm" is not a DICOM file: it has no DICM marker after the 128-byte preamble.';
    xhr.respond(415, { _success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE', message } });
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message });
  });

  it('refreshes an expired access token once and sends the upload again', async () => {
    installFakeXhr();
    startSession(loginFor(clinicianUser));
    setCsrfCookie();
    const { calls } = mockFetch(
      () =>
        new Response(
          JSON.stringify({
            _success: true,
            _data: { access_token: 'access-2', refresh_token: 'refresh-2' },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const done = apiUpload(API_PATHS.surgery.dicom, { body: form(), schema });
    (await nextXhr(0)).respond(401, {
      _success: false,
      error: { code: 'UNAUTHENTICATED', message: 'Your session has expired.' },
    });
    const retry = await nextXhr(1);
    expect(calls[0]?.url).toBe(API_PATHS.account.token);
    expect(retry.headers.authorization).toBe('Bearer access-2');
    retry.respond(200, { _success: true, _data: { files: [] } });
    await expect(done).resolves.toEqual({ files: [] });
    expect(getSession().accessToken).toBe('access-2');
  });

  it('reports a dropped connection as a network error and an abort as an AbortError', async () => {
    installFakeXhr();
    startSession(loginFor(clinicianUser));
    setCsrfCookie();
    const failed = apiUpload(API_PATHS.surgery.dicom, { body: form(), schema });
    (await nextXhr(0)).fire('error');
    await expect(failed).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });

    const controller = new AbortController();
    const aborted = apiUpload(API_PATHS.surgery.dicom, {
      body: form(),
      schema,
      signal: controller.signal,
    });
    await nextXhr(1);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
