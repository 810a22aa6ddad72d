import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { storagePercent, storageTone } from '../adminRules.ts';
import { tAdmin } from '../../../i18n/admin.ts';

interface StorageBarProps {
  name: string;
  diskUsage: number;
  storage: number;
}

/** Used storage against the quota: a bar (a meter for screen readers) and "12.00 MB of 5.00 GB". */
export function StorageBar({ name, diskUsage, storage }: StorageBarProps) {
  const percent = storagePercent(diskUsage, storage);
  const quota = storage > 0 ? formatByteSize(storage) : tAdmin('workspaces.noQuota');
  const text = tAdmin('workspaces.storageOf', { used: formatByteSize(diskUsage), quota });
  return (
    <div className="storage-bar" data-testid="admin-workspace-storage">
      <div
        className={`storage-bar__track storage-bar__track--${storageTone(percent)}`}
        role="meter"
        aria-label={tAdmin('workspaces.storageLabel', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={text}
      >
        <span className="storage-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="storage-bar__text">{text}</span>
    </div>
  );
}
