import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { readDownloadError } from './downloadError.ts';

function failedWith(data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(
    'Request failed with status code 404',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status: 404,
      statusText: '',
      data,
      headers: new AxiosHeaders(),
      config,
    },
  );
}

describe('readDownloadError', () => {
  it('reads the detail out of a blob body', async () => {
    const body = new Blob([JSON.stringify({ detail: 'Project zip is being prepared' })], {
      type: 'application/json',
    });
    expect(await readDownloadError(failedWith(body), 'Failed')).toBe('Project zip is being prepared');
  });

  it('reads the detail out of a text body', async () => {
    expect(await readDownloadError(failedWith('{"detail":"Not found"}'), 'Failed')).toBe('Not found');
  });

  it('falls back when the text carries no detail', async () => {
    expect(await readDownloadError(failedWith(new Blob(['<html>bad gateway</html>'])), 'Failed')).toBe(
      'Failed',
    );
  });

  it('still reads an already parsed body and plain errors', async () => {
    expect(await readDownloadError(failedWith({ detail: 'Gone' }), 'Failed')).toBe('Gone');
    expect(await readDownloadError(new AxiosError('Network Error', 'ERR_NETWORK'), 'Failed')).toBe('Failed');
  });
});
