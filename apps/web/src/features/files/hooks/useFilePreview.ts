import { useQuery } from '@tanstack/react-query';
import type { ProjectFile } from '@waymark/contract';
import { fetchFilePreviewHead } from '../api/filesApi.ts';
import {
  isPreviewableSize,
  looksBinary,
  type PreviewKind,
  previewKindOf,
  textPreviewOf,
  type TextPreview,
} from '../filePreview.ts';

export type FilePreviewState =
  | { status: 'too-large' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; kind: Exclude<PreviewKind, 'text'> }
  | { status: 'ready'; kind: 'text'; text: TextPreview };

/**
 * The preview of a file of the project (SPEC §2, §9): its first bytes are read (HTTP Range) to learn the
 * type the server gives it; images are then shown from their address, texts from those bytes. Files of
 * 100 MiB or more are not read at all. A failed read shows a note in the sidebar, not a toast.
 */
export function useFilePreview(namespace: string, projectName: string, file: ProjectFile): FilePreviewState {
  const isPreviewable = isPreviewableSize(file.size);
  const query = useQuery({
    // The checksum is part of the key: a new version of the file at the same path is read again.
    queryKey: ['file-preview', namespace, projectName, file.path, file.checksum],
    queryFn: ({ signal }) => fetchFilePreviewHead(namespace, projectName, file.path, signal),
    enabled: isPreviewable,
    staleTime: Infinity,
    retry: false,
  });
  if (!isPreviewable) return { status: 'too-large' };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'failed' };
  const { contentType, bytes } = query.data;
  const kind = previewKindOf(contentType, file.path);
  if (kind !== 'text') return { status: 'ready', kind };
  if (looksBinary(bytes)) return { status: 'ready', kind: 'none' };
  return { status: 'ready', kind: 'text', text: textPreviewOf(bytes, file.size) };
}
