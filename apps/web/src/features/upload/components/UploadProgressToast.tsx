import { UPLOAD_TOAST_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue.ts';
import {
  isUploadRunning,
  projectPathOf,
  sentBytesOf,
  uploadPercent,
  useUploadStore,
} from '../uploadStore.ts';
import '../upload.css';
import { tFiles } from '../../../i18n/files.ts';

/** The space the progress toast takes while it shows, its height and a gap (base.css moves the app's toasts by it). */
export const UPLOAD_TOAST_SPACE_VARIABLE = '--wm-upload-toast-space';
const TOAST_GAP_PX = 12;

/**
 * SPEC §2: while any upload runs (debounced 500 ms, so a quick one never flashes) a toast shows each
 * running upload with its bytes and percentage; it hides when they are done. Mounted in the shell, so
 * it stays in view on every page while the upload goes on.
 */
export function UploadProgressToast() {
  const running = useUploadStore(useShallow((state) => Object.values(state.uploads).filter(isUploadRunning)));
  const isRunning = running.length > 0;
  const isVisible = useDebouncedValue(isRunning, UPLOAD_TOAST_DEBOUNCE_MS);
  const isShown = isVisible && running.length > 0;
  const toastRef = useRef<HTMLElement>(null);

  // The app's toasts open below this one instead of covering it (an error would hide the progress).
  useLayoutEffect(() => {
    const element = toastRef.current;
    if (!isShown || !element) return undefined;
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty(
        UPLOAD_TOAST_SPACE_VARIABLE,
        `${element.getBoundingClientRect().height + TOAST_GAP_PX}px`,
      );
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(UPLOAD_TOAST_SPACE_VARIABLE);
    };
  }, [isShown]);

  // Closing or reloading the tab would drop the upload half-way: the browser asks first.
  useEffect(() => {
    if (!isRunning) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isRunning]);

  if (!isShown) return null;

  return (
    <aside
      ref={toastRef}
      className="upload-toast"
      aria-label={tFiles('upload.progressTitle')}
      data-testid="upload-toast"
    >
      <span className="upload-toast__icon" aria-hidden="true">
        <i className="pi pi-cloud-upload" />
      </span>
      <div className="upload-toast__body">
        <p className="upload-toast__title">{tFiles('upload.progressTitle')}</p>
        {running.map((upload) => {
          const projectPath = projectPathOf(upload);
          const percent = uploadPercent(upload);
          return (
            <div key={projectPath} className="upload-toast__item">
              <div className="upload-toast__line">
                <span className="upload-toast__project">{projectPath}</span>
                <span className="upload-toast__numbers" data-testid="upload-toast-numbers">
                  {upload.phase === 'finishing'
                    ? tFiles('upload.finishing')
                    : `${tFiles('upload.uploadingOf', { loaded: formatByteSize(sentBytesOf(upload)), total: formatByteSize(upload.totalBytes) })} · ${percent}%`}
                </span>
              </div>
              <ProgressBar
                value={percent}
                showValue={false}
                aria-label={tFiles('upload.progressLabel', { projectPath })}
              />
            </div>
          );
        })}
      </div>
    </aside>
  );
}
