import { PLUGIN_DOCS_PATH } from '../../../lib/constants.ts';
import { Tag } from 'primereact/tag';
import { useConfig } from '../../session/hooks/useInstance.ts';
import { tFiles } from '../../../i18n/files.ts';

/** The plugin mark: a desktop window with a map pin, for "use QGIS on your computer". */
function DesktopPinIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" fill="none" aria-hidden="true">
      <rect x="2.5" y="4.5" width="23" height="15" rx="2.5" stroke="currentColor" strokeWidth="2" />
      <path d="M10 24h8M14 20v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M14 7.5a3.6 3.6 0 0 0-3.6 3.6c0 2.6 3.6 5.9 3.6 5.9s3.6-3.3 3.6-5.9A3.6 3.6 0 0 0 14 7.5Z"
        fill="currentColor"
      />
      <circle cx="14" cy="11.1" r="1.3" fill="var(--wm-brand-50)" />
    </svg>
  );
}

/** SPEC §2 "a recommended plugin card": the desktop plugin is the safe way to sync data. */
export function PluginCard() {
  const docsUrl = useConfig()?.docs_url;
  return (
    <div className="upload-plugin" data-testid="upload-plugin-card">
      <Tag value={tFiles('upload.recommended')} className="upload-plugin__tag" />
      <span className="upload-plugin__icon">
        <DesktopPinIcon />
      </span>
      <h3 className="upload-plugin__title">{tFiles('upload.pluginTitle')}</h3>
      <p className="upload-plugin__text">
        {tFiles('upload.pluginText')}{' '}
        {docsUrl && (
          <a href={`${docsUrl}${PLUGIN_DOCS_PATH}`} target="_blank" rel="noopener noreferrer">
            {tFiles('upload.pluginLink')}
          </a>
        )}
      </p>
    </div>
  );
}
