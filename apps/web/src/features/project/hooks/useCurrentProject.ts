import type { ProjectDetail } from '@waymark/contract';
import { useContext } from 'react';
import { CurrentProjectContext } from '../currentProjectContext.ts';

/** The project whose tab is showing. Only valid inside the project frame. */
export function useCurrentProject(): ProjectDetail {
  const project = useContext(CurrentProjectContext);
  if (!project) throw new Error('useCurrentProject must be used inside the project frame');
  return project;
}
