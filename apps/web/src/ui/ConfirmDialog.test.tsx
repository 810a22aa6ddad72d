import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { tCommon } from '../i18n/common.ts';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onHide = vi.fn();
  render(<ConfirmDialog isVisible message="Really?" onConfirm={onConfirm} onHide={onHide} {...props} />);
  return { onConfirm, onHide };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ConfirmDialog', () => {
  it("is headed 'Action' unless told otherwise and confirms at once without a field", async () => {
    const { onConfirm } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: tCommon('confirmDialog.header') });
    expect(within(dialog).getByText('Really?')).toBeTruthy();
    await userEvent.click(button(tCommon('confirmDialog.confirm')));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('uses the given header and labels, and Cancel hides it', async () => {
    const { onHide, onConfirm } = renderDialog({
      header: 'Remove',
      confirmLabel: 'Remove it',
      cancelLabel: 'Keep',
    });
    expect(await screen.findByRole('dialog', { name: 'Remove' })).toBeTruthy();
    await userEvent.click(button('Keep'));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps confirm disabled until the typed text matches exactly', async () => {
    const { onConfirm } = renderDialog({ confirmField: { label: 'Name', expected: 'Plan B' } });
    const field = await screen.findByLabelText('Name');
    const confirm = button(tCommon('confirmDialog.confirm'));
    expect(confirm.disabled).toBe(true);
    await userEvent.type(field, 'plan b{Enter}');
    expect(confirm.disabled).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'Plan B{Enter}');
    expect(confirm.disabled).toBe(false);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be confirmed or dismissed while busy', async () => {
    const { onConfirm, onHide } = renderDialog({ isBusy: true });
    await screen.findByRole('dialog');
    expect(button(tCommon('confirmDialog.cancel')).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onHide).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
