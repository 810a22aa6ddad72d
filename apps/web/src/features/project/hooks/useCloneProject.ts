import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLONE_PROJECT_TEXTS, type ProjectDetail } from '@waymark/contract';
import axios from 'axios';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { projectPath } from '../../../lib/paths.ts';
import { cloneProject } from '../api/projectApi.ts';
import { invalidateProjectLists } from '../projectListsCache.ts';

export interface CloneTarget {
  /** Name of the copy, already trimmed. */
  name: string;
  workspaceName: string;
}

function readDetail(error: unknown): string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    return body.detail.trim() === '' ? undefined : body.detail;
  }
  return undefined;
}

/**
 * Clones the project and opens the copy (SPEC §4). A refusal with a reason (name taken, storage
 * limit…) is returned as `fieldError` for the dialog to show under the name; anything else becomes
 * the 'Failed to clone project' toast.
 */
export function useCloneProject(source: Pick<ProjectDetail, 'namespace' | 'name'>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fieldError, setFieldError] = useState<string>();
  const mutation = useMutation({
    mutationFn: (target: CloneTarget) =>
      cloneProject(source.namespace, source.name, { project: target.name, namespace: target.workspaceName }),
    onMutate: () => setFieldError(undefined),
    onSuccess: async (_data, target) => {
      await navigate(projectPath(target.workspaceName, target.name));
      await invalidateProjectLists(queryClient);
    },
    onError: (error) => {
      const detail = readDetail(error);
      if (detail) {
        setFieldError(detail);
        return;
      }
      notify.error(getErrorMessage(error, CLONE_PROJECT_TEXTS.failed));
    },
  });
  return { ...mutation, fieldError, clearFieldError: () => setFieldError(undefined) };
}
