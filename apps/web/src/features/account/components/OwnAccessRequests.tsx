import { useQuery } from '@tanstack/react-query';
import { type AccessRequest } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { expiryText } from '../../accessRequests/accessRequestRules.ts';
import { projectPath } from '../../../lib/paths.ts';
import { fetchOwnAccessRequests } from '../api/accountApi.ts';
import { tAccount } from '../../../i18n/account.ts';

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
          {tAccount('profile.requestsTitle')}
        </h2>
      </header>
      <div className="data-table">
        <DataTable value={data.items} dataKey="id" aria-label={tAccount('profile.requestsTitle')}>
          <Column
            header={tAccount('profile.requestProject')}
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
            header={tAccount('profile.requestExpires')}
            body={(request: AccessRequest) => expiryText(request.expire)}
          />
        </DataTable>
      </div>
    </section>
  );
}
