import { isGeoPackagePath, type ProjectFile } from '@waymark/contract';
import { Image } from 'primereact/image';
import { LoadingStatus } from '../../../ui/LoadingStatus.tsx';
import { rawFileUrl } from '../api/filesApi.ts';
import { baseName } from '../fileRows.ts';
import { useFilePreview } from '../hooks/useFilePreview.ts';
import { GeoPackageLayers } from '../../map/components/GeoPackageLayers.tsx';
import { tFiles } from '../../../i18n/files.ts';

interface FilePreviewProps {
  namespace: string;
  projectName: string;
  file: ProjectFile;
}

function PreviewNote({ icon, text, testId }: { icon: string; text: string; testId: string }) {
  return (
    <p className="file-preview__note" data-testid={testId}>
      <i className={icon} aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/**
 * SPEC §2 preview of the file detail: an image, zoomable (0.5–1.5 by 0.1) and rotatable by 90° in
 * PrimeReact's preview, the start of a text file, or the layers of a GeoPackage (read by the server, whatever
 * the file's size); other files say there is no preview.
 */
export function FilePreview(props: FilePreviewProps) {
  if (isGeoPackagePath(props.file.path)) {
    return (
      <section className="file-preview" aria-label={tFiles('fileDetail.preview')}>
        <h3 className="detail-panel__label">{tFiles('fileDetail.preview')}</h3>
        <GeoPackageLayers namespace={props.namespace} projectName={props.projectName} file={props.file} />
      </section>
    );
  }
  return <BytesPreview {...props} />;
}

/** The preview made from the file's first bytes. */
function BytesPreview({ namespace, projectName, file }: FilePreviewProps) {
  const preview = useFilePreview(namespace, projectName, file);
  const name = baseName(file.path);

  let body;
  switch (preview.status) {
    case 'too-large':
      body = (
        <PreviewNote
          icon="pi pi-info-circle"
          text={tFiles('fileDetail.tooLargeForPreview')}
          testId="file-preview-too-large"
        />
      );
      break;
    case 'loading':
      body = (
        <LoadingStatus
          label={tFiles('fileDetail.previewLoading')}
          className="file-preview__loading"
          testId="file-preview-loading"
        />
      );
      break;
    case 'failed':
      body = (
        <PreviewNote
          icon="pi pi-exclamation-triangle"
          text={tFiles('fileDetail.previewFailed')}
          testId="file-preview-failed"
        />
      );
      break;
    case 'ready':
      if (preview.kind === 'image') {
        body = (
          <Image
            // The checksum keeps the browser from showing a cached older content of the same path.
            src={`${rawFileUrl(namespace, projectName, file.path)}&random=${file.checksum.slice(0, 12)}`}
            alt={tFiles('fileDetail.imageAlt', { name })}
            preview
            // PrimeReact's enlarged view is a dialog without a name of its own.
            pt={{ mask: { 'aria-label': tFiles('fileDetail.imageViewer', { name }) } }}
            className="file-preview__image"
            imageClassName="file-preview__image-img"
            data-testid="file-preview-image"
          />
        );
      } else if (preview.kind === 'text') {
        body = (
          <>
            <pre className="file-preview__text" tabIndex={0} data-testid="file-preview-text">
              {preview.text.text}
            </pre>
            {preview.text.isTruncated && (
              <p className="file-preview__hint" data-testid="file-preview-truncated">
                {tFiles('fileDetail.previewTruncated')}
              </p>
            )}
          </>
        );
      } else {
        body = (
          <PreviewNote
            icon="pi pi-eye-slash"
            text={tFiles('fileDetail.noPreview')}
            testId="file-preview-none"
          />
        );
      }
      break;
  }

  return (
    <section className="file-preview" aria-label={tFiles('fileDetail.preview')}>
      <h3 className="detail-panel__label">{tFiles('fileDetail.preview')}</h3>
      {body}
    </section>
  );
}
