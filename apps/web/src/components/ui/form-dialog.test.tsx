import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogForm, FormDialog } from './form-dialog';

function renderDialog({ pending = false, submitDisabled = false } = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
    event.preventDefault();
    return Promise.resolve();
  });
  const onCancel = vi.fn();
  render(
    <FormDialog open onClose={onCancel} width={480}>
      <DialogForm
        title="Record pain"
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Save"
        pending={pending}
        submitDisabled={submitDisabled}
      >
        <label>
          Note
          <input name="note" />
        </label>
      </DialogForm>
    </FormDialog>,
  );
  return { onSubmit, onCancel, user: userEvent.setup() };
}

describe('form dialog', () => {
  it('names the dialog and its form by the title, at the given width, and submits', async () => {
    const { onSubmit, onCancel, user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Record pain' });
    expect(dialog).toHaveStyle({ width: '480px' });
    expect(screen.getByRole('form', { name: 'Record pain' })).toContainElement(
      screen.getByLabelText('Note'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('holds the submit back when told', () => {
    renderDialog({ submitDisabled: true });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('waits while pending: Cancel is disabled and the submit shows progress', () => {
    renderDialog({ pending: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
