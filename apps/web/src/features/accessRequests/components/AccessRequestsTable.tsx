import {
  ACCESS_PERMISSIONS,
  ACCESS_REQUESTS_PAGE_SIZE,
  type AcceptAccessRequest,
  type AccessRequest,
  PERMISSION_ROLE,
  PROJECT_ROLE_OPTIONS,
} from '@waymark/contract';
import { useIsMutating } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../ui/ListLoadError.tsx';
import { projectPath } from '../../../lib/paths.ts';
import { expiryText, isExpired } from '../accessRequestRules.ts';
import { ACCESS_REQUEST_DECISION_KEY, type AccessRequestsState } from '../hooks/useAccessRequests.ts';
import '../accessRequests.css';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tProject } from '../../../i18n/project.ts';

type Permission = AcceptAccessRequest['permissions'];

/** SPEC §3 "A second list uses the values read, edit, write, owner with the same labels". */
const PERMISSION_OPTIONS = ACCESS_PERMISSIONS.map((value) => {
  const role = PROJECT_ROLE_OPTIONS.find((option) => option.value === PERMISSION_ROLE[value]);
  return { value, label: role?.label ?? value };
});

interface AccessRequestDecisionProps {
  request: AccessRequest;
  requests: AccessRequestsState;
}

/**
 * The permission to give (read unless changed) with Accept and Cancel. Its own component: the table's rows are
 * memoised, so the choice lives with the row that shows it.
 */
function AccessRequestDecision({ request, requests }: AccessRequestDecisionProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const [permission, setPermission] = useState<Permission>('read');
  // One decision at a time: a second click must not race the first.
  const isBusy = useIsMutating({ mutationKey: ACCESS_REQUEST_DECISION_KEY }) > 0;
  const hasExpired = isExpired(request.expire);
  return (
    <span className="access-requests-table__buttons">
      <Dropdown
        value={permission}
        options={PERMISSION_OPTIONS}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => setPermission(event.value as Permission)}
        disabled={hasExpired}
        // ariaLabel names the trigger icon; aria-label goes to the focusable input.
        ariaLabel={tProject('accessRequestTable.permissionOf', { username: request.requested_by })}
        aria-label={tProject('accessRequestTable.permissionOf', { username: request.requested_by })}
        className="access-requests-table__permission"
        data-testid="access-request-permission"
      />
      <Button
        label={tProject('accessRequestTable.accept')}
        icon="pi pi-check"
        size="small"
        disabled={isBusy || hasExpired || isReadOnly}
        aria-label={tProject('accessRequestTable.acceptOf', { username: request.requested_by })}
        onClick={() => requests.accept.mutate({ request, permissions: permission })}
        data-testid="access-request-accept"
      />
      <Button
        label={tProject('accessRequestTable.cancel')}
        icon="pi pi-times"
        size="small"
        outlined
        severity="secondary"
        disabled={isBusy || isReadOnly}
        aria-label={tProject('accessRequestTable.cancelOf', { username: request.requested_by })}
        onClick={() => requests.cancel.mutate(request)}
        data-testid="access-request-cancel"
      />
    </span>
  );
}

interface AccessRequestsTableProps {
  requests: AccessRequestsState;
  /** The workspace table names each request's project; a project's own table does not. */
  showProject: boolean;
}

/**
 * SPEC §2 access request table: who asked, for which project, when it expires ('Expired' / 'Expiring in …'),
 * the permission to give (read by default) and Accept / Cancel; pages of 10, soonest to expire first.
 */
export function AccessRequestsTable({ requests, showProject }: AccessRequestsTableProps) {
  const { query, page, setPage } = requests;
  const count = query.data?.count ?? 0;

  return (
    <div className="data-table access-requests-table">
      <DataTable
        value={query.data?.items ?? []}
        dataKey="id"
        loading={query.isFetching}
        emptyMessage={
          query.isError && !query.data ? (
            <ListLoadError
              title={tCommon('network.accessRequestsLoadError')}
              retryLabel={tCommon('network.retry')}
              onRetry={() => void query.refetch()}
              testId="access-requests-load-error"
            />
          ) : (
            <p className="access-requests-table__empty" data-testid="access-requests-empty">
              {tProject('accessRequestTable.empty')}
            </p>
          )
        }
        aria-label={tProject('accessRequestTable.tableLabel')}
        data-testid="access-requests-table"
      >
        <Column
          header={tProject('accessRequestTable.columnUser')}
          body={(request: AccessRequest) => (
            <span className="access-requests-table__user" data-testid="access-request-user">
              <i className="pi pi-user" aria-hidden="true" /> {request.requested_by}
            </span>
          )}
        />
        {showProject && (
          <Column
            header={tProject('accessRequestTable.columnProject')}
            body={(request: AccessRequest) => (
              <Link to={`${projectPath(request.namespace, request.project_name)}/collaborators`}>
                {request.project_name}
              </Link>
            )}
          />
        )}
        <Column
          header={tProject('accessRequestTable.columnExpire')}
          body={(request: AccessRequest) => (
            <span
              className={
                isExpired(request.expire)
                  ? 'access-requests-table__expire access-requests-table__expire--past'
                  : 'access-requests-table__expire'
              }
              data-testid="access-request-expire"
            >
              {expiryText(request.expire)}
            </span>
          )}
        />
        <Column
          header={tProject('accessRequestTable.columnPermission')}
          headerClassName="access-requests-table__actions"
          bodyClassName="access-requests-table__actions"
          body={(request: AccessRequest) => <AccessRequestDecision request={request} requests={requests} />}
        />
      </DataTable>
      {count > ACCESS_REQUESTS_PAGE_SIZE && (
        <Paginator
          first={(page - 1) * ACCESS_REQUESTS_PAGE_SIZE}
          rows={ACCESS_REQUESTS_PAGE_SIZE}
          totalRecords={count}
          onPageChange={(event) => setPage(event.page + 1)}
          template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
          aria-label={tProject('accessRequestTable.paginatorLabel')}
        />
      )}
    </div>
  );
}
