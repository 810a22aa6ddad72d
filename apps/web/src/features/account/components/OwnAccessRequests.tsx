import { useQuery } from '@tanstack/react-query';
import { type AccessRequest, DASHBOARD_PROJECT_TEXTS, PROFILE_TEXTS } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { formatRemainingTime } from '../../../lib/format/timeAgo.ts';
import { projectPath } from '../../../lib/paths.ts';
import { fetchOwnAccessRequests } from '../api/accountApi.ts';

/** SPEC §2: 'You requested access to these projects', shown only when there are any. */
export function OwnAccessRequests() {
  const { data } = useQuery({ queryKey: ['own-access-requests'], queryFn: fetchOwnAccessRequests });
  if (!data || data.items.length === 0) return null;
  return (
    <section
      className="card account-card"
      aria-labelledby="own-requests-title"
      data-testid="own-access-requests"
    >
      <header className="card__header">
        <h2 id="own-requests-title" className="card__title">
          {PROFILE_TEXTS.requestsTitle}
        </h2>
      </header>
      <div className="data-table">
        <DataTable value={data.items} dataKey="id" aria-label={PROFILE_TEXTS.requestsTitle}>
          <Column
            header={PROFILE_TEXTS.requestProject}
            body={(request: AccessRequest) => (
              <Link
                to={projectPath(request.namespace, request.project_name)}
                data-testid="own-access-request"
              >
                {request.namespace}/{request.project_name}
              </Link>
            )}
          />
          <Column
            header={PROFILE_TEXTS.requestExpires}
            body={(request: AccessRequest) => {
              const remaining = formatRemainingTime(request.expire);
              return remaining === 'expired' ? DASHBOARD_PROJECT_TEXTS.expired : `Expiring in ${remaining}`;
            }}
          />
        </DataTable>
      </div>
    </section>
  );
}
