import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_PROJECT_TEXTS, PROFILE_TEXTS } from '@waymark/contract';
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
      <table className="account-requests">
        <thead>
          <tr>
            <th scope="col">{PROFILE_TEXTS.requestProject}</th>
            <th scope="col">{PROFILE_TEXTS.requestExpires}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((request) => {
            const remaining = formatRemainingTime(request.expire);
            return (
              <tr key={request.id} data-testid="own-access-request">
                <td>
                  <Link to={projectPath(request.namespace, request.project_name)}>
                    {request.namespace}/{request.project_name}
                  </Link>
                </td>
                <td>
                  {remaining === 'expired' ? DASHBOARD_PROJECT_TEXTS.expired : `Expiring in ${remaining}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
