import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notifications.ts';
import { AppToast } from './AppToast.tsx';

describe('AppToast', () => {
  it('shows a toast once while it is on screen, however often it is raised', async () => {
    render(<AppToast />);
    act(() => {
      notify.error('Failed to load projects');
      notify.error('Failed to load projects');
      notify.success('Project updated');
    });
    await screen.findByText('Project updated');
    expect(screen.getAllByText('Failed to load projects')).toHaveLength(1);
  });

  it('shows it again once the first one has gone', async () => {
    render(<AppToast />);
    act(() => notify.info('Saved', 50));
    await screen.findByText('Saved');
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
    act(() => notify.info('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('takes every toast away on clear', async () => {
    render(<AppToast />);
    act(() => {
      notify.error('Failed to login');
      notify.warn('Careful');
    });
    await screen.findByText('Careful');
    act(() => notify.clear());
    // Each toast leaves after its own exit transition: both are gone once both have ended.
    await waitFor(() => {
      expect(screen.queryByText('Failed to login')).toBeNull();
      expect(screen.queryByText('Careful')).toBeNull();
    });
    // Cleared toasts may be raised again at once.
    act(() => notify.error('Failed to login'));
    expect(await screen.findByText('Failed to login')).toBeTruthy();
  });
});
