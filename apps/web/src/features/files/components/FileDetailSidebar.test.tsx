import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ProjectFile } from '@waymark/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { http } from '../../../lib/api/http.ts';
import { createQueryClient } from '../../../lib/query/createQueryClient.ts';
import { createStubAdapter } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { type PendingFileChanges, PendingFileChangesContext } from '../pendingFileChanges.ts';
import { FileDetailSidebar } from './FileDetailSidebar.tsx';
import { tFiles } from '../../../i18n/files.ts';

const file = (path: string, size: number): ProjectFile => ({
  path,
  size,
  mtime: '2025-03-01T10:00:00Z',
  checksum: 'a'.repeat(40),
});

const PROJECT_FILES = [file('edited.txt', 1024), file('gone.txt', 10)];

/** What an upload being prepared would hand the files tab (see pendingFileChanges.ts). */
const PENDING: PendingFileChanges = {
  files: { 'edited.txt': file('edited.txt', 3 * 1024), 'new.txt': file('new.txt', 5) },
  added: ['new.txt'],
  updated: ['edited.txt'],
  removed: ['gone.txt'],
};

function renderSidebar(selectedPath: string) {
  http.defaults.adapter = createStubAdapter({
    'GET /v1/project/raw/field-team/survey': { data: 'text', headers: { 'content-type': 'text/plain' } },
  }).adapter;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PendingFileChangesContext value={PENDING}>
          <FileDetailSidebar
            project={buildProject({ role: 'writer', files: PROJECT_FILES })}
            files={[...PROJECT_FILES, file('new.txt', 5)]}
            selectedPath={selectedPath}
            canDelete
            onClose={() => {}}
          />
        </PendingFileChangesContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('file detail sidebar with an upload being prepared', () => {
  it('marks a modified file and shows its new size', async () => {
    renderSidebar('edited.txt');
    expect((await screen.findByTestId('file-detail-state')).textContent).toBe(
      tFiles('fileDetail.stateUpdated'),
    );
    expect(screen.getByTestId('file-detail-size').textContent).toBe(
      `1.00 kB ${tFiles('fileDetail.newSize', { size: '3.00 kB' })}`,
    );
    expect(screen.getByRole('button', { name: tFiles('fileDetail.deleteFile') })).toBeTruthy();
  });

  it('marks a deleted file and offers no second deletion', async () => {
    renderSidebar('gone.txt');
    expect((await screen.findByTestId('file-detail-state')).textContent).toBe(
      tFiles('fileDetail.stateRemoved'),
    );
    expect(screen.queryByRole('button', { name: tFiles('fileDetail.deleteFile') })).toBeNull();
  });

  it('marks a new file, which is not on the server yet', async () => {
    renderSidebar('new.txt');
    expect((await screen.findByTestId('file-detail-state')).textContent).toBe(
      tFiles('fileDetail.stateAdded'),
    );
    expect(screen.queryByRole('button', { name: tFiles('fileDetail.deleteFile') })).toBeNull();
  });
});
