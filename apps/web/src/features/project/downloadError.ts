import axios from 'axios';
import { getErrorMessage } from '../../lib/api/apiErrors.ts';

async function readText(body: unknown): Promise<string | undefined> {
  if (typeof body === 'string') return body;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.text();
  return undefined;
}

function detailOf(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'detail' in parsed && typeof parsed.detail === 'string') {
      return parsed.detail.trim() === '' ? undefined : parsed.detail;
    }
  } catch {
    // Not JSON (an HTML error page of a proxy, say): nothing a person could read.
  }
  return undefined;
}

/**
 * SPEC §7 "Download errors read the detail from a text body": an archive is requested as a blob, so
 * an error answer arrives as a blob too and its JSON has to be read out of it first.
 */
export async function readDownloadError(error: unknown, fallback: string): Promise<string> {
  if (axios.isAxiosError(error)) {
    const text = await readText(error.response?.data).catch(() => undefined);
    const detail = text === undefined ? undefined : detailOf(text);
    if (detail) return detail;
    if (text !== undefined) return fallback;
  }
  return getErrorMessage(error, fallback);
}
