import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingStatus } from './LoadingStatus.tsx';

describe('LoadingStatus', () => {
  it('is a polite status that says what is loading, its spinner hidden from screen readers', () => {
    render(<LoadingStatus label="Loading the layers…" className="layers__loading" testId="layers-loading" />);
    const status = screen.getByRole('status');
    expect(status).toBe(screen.getByTestId('layers-loading'));
    expect(status.className).toBe('layers__loading');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Loading the layers…');
    expect(screen.getByText('Loading the layers…').className).toBe('visually-hidden');
    const spinner = status.querySelector('[aria-hidden="true"]');
    expect(spinner?.getAttribute('role')).toBe('progressbar');
    expect((spinner as HTMLElement).style.width).toBe('2rem');
  });

  it('takes a size and shows its children before the spinner', () => {
    render(
      <LoadingStatus label="Loading…" size="2.5rem">
        <svg data-testid="mark" />
      </LoadingStatus>,
    );
    const status = screen.getByRole('status');
    expect(status.firstElementChild).toBe(screen.getByTestId('mark'));
    expect((status.querySelector('[aria-hidden="true"]') as HTMLElement).style.height).toBe('2.5rem');
    expect(status.hasAttribute('class')).toBe(false);
  });
});
