// `filename*=UTF-8''…` (RFC 5987/6266); wins over the plain form, which only carries ASCII.
const EXTENDED_FILENAME = /(?:^|;)\s*filename\*\s*=\s*"?([^;"]*)"?/i;
const PLAIN_FILENAME = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i;

function decodeExtended(value: string): string | undefined {
  const [charset, , encoded] = value.split("'");
  if (encoded === undefined || !['utf-8', ''].includes((charset ?? '').toLowerCase())) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** Only the last path segment: a header must not choose where the browser saves a file. */
function baseName(value: string | undefined): string | undefined {
  const name = value?.split(/[/\\]/).pop()?.trim();
  return name ? name : undefined;
}

/**
 * The file name an `attachment` Content-Disposition header proposes, `undefined` when it gives none:
 * the UTF-8 `filename*` when it can be read, else the plain `filename`.
 */
export function readAttachmentFileName(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = EXTENDED_FILENAME.exec(header)?.[1];
  const fromExtended = extended === undefined ? undefined : baseName(decodeExtended(extended.trim()));
  if (fromExtended) return fromExtended;
  const plain = PLAIN_FILENAME.exec(header);
  const quoted = plain?.[1]?.replace(/\\(.)/g, '$1');
  return baseName(quoted ?? plain?.[2]);
}
