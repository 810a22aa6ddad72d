import { SEARCH_DEBOUNCE_MS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue.ts';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { SearchBox } from '../../../ui/SearchBox.tsx';
import { SortMenu, type SortMenuOption } from '../../../ui/SortMenu.tsx';
import { AccessRequestsTable } from '../../accessRequests/components/AccessRequestsTable.tsx';
import { useAccessRequests } from '../../accessRequests/hooks/useAccessRequests.ts';
import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { filterMembers, type MemberSortKey, sortMembers } from '../collaboratorRules.ts';
import { useCollaborators } from '../hooks/useCollaborators.ts';
import { MembersTable } from './MembersTable.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import '../collaborators.css';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tProject } from '../../../i18n/project.ts';

const SORT_OPTIONS: SortMenuOption<MemberSortKey>[] = [
  { key: 'name_asc', label: tProject('collaborators.sortNameAsc') },
  { key: 'name_desc', label: tProject('collaborators.sortNameDesc') },
];

/**
 * SPEC §2 Collaborators tab: the project's access requests (when there are any) with their count, then the
 * members with 'Search members', the Share button and the sort menu.
 */
export function CollaboratorsTab() {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const project = useCurrentProject();
  const myId = useSession().user?.id;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<MemberSortKey>('name_asc');
  const [isSharing, setIsSharing] = useState(false);
  const collaborators = useCollaborators(project.id);
  const requests = useAccessRequests(project.namespace, project.name);
  const members = sortMembers(filterMembers(collaborators.data ?? [], search), sort);
  const requestCount = requests.query.data?.count ?? 0;

  return (
    <div className="collaborators-tab">
      {requestCount > 0 && (
        <section
          className="card collaborators-card"
          aria-labelledby="requests-title"
          data-testid="project-requests"
        >
          <header className="collaborators-card__header">
            <div className="collaborators-card__title-row">
              <h2 id="requests-title" className="card__title">
                {tProject('collaborators.requestsTitle')}
              </h2>
              <CountBadge count={requestCount} testId="project-requests-count" />
            </div>
          </header>
          <AccessRequestsTable requests={requests} showProject={false} />
        </section>
      )}
      <section className="card collaborators-card" aria-labelledby="members-title" data-testid="members">
        <header className="collaborators-card__header">
          <div className="collaborators-card__title-row">
            <h2 id="members-title" className="card__title">
              {tProject('collaborators.membersTitle')}
            </h2>
            {collaborators.data && <CountBadge count={collaborators.data.length} testId="members-count" />}
          </div>
          <Button
            label={tProject('collaborators.share')}
            icon="pi pi-share-alt"
            onClick={() => setIsSharing(true)}
            disabled={isReadOnly}
            data-testid="share-button"
          />
        </header>
        <div className="collaborators-toolbar">
          <SearchBox
            value={searchText}
            onChange={setSearchText}
            placeholder={tProject('collaborators.searchPlaceholder')}
            label={tProject('collaborators.searchLabel')}
            testId="members-search"
          />
          <SortMenu
            options={SORT_OPTIONS}
            value={sort}
            onChange={setSort}
            label={tProject('collaborators.sortLabel')}
            testId="members-sort"
          />
        </div>
        <MembersTable
          project={project}
          members={members}
          isLoading={collaborators.isPending && !collaborators.isError}
          onRetry={
            collaborators.isError && !collaborators.data ? () => void collaborators.refetch() : undefined
          }
          myId={myId}
        />
      </section>
      <ShareDialog project={project} isVisible={isSharing} onHide={() => setIsSharing(false)} />
    </div>
  );
}
