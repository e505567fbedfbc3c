import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldAdornment, FieldHelperText, OutlinedField } from './outlined-field';
import { NativeSelectField } from './native-select-field';

describe('outlined field', () => {
  it('names its control with the visible label, and the outline repeats it hidden', () => {
    render(
      <OutlinedField controlId="when" label="Surgery from">
        <input id="when" type="date" />
      </OutlinedField>,
    );
    const input = screen.getByLabelText('Surgery from');
    expect(input).toHaveAttribute('type', 'date');
    // The notch's copy of the label is for layout only.
    expect(screen.getAllByText('Surgery from')).toHaveLength(2);
    expect(screen.getAllByText('Surgery from')[1]?.closest('fieldset')).toHaveAttribute(
      'aria-hidden',
    );
  });

  it('is reached with Tab, and a click on its padding focuses the control', async () => {
    const user = userEvent.setup();
    render(
      <OutlinedField controlId="q" label="Search">
        <FieldAdornment position="start">icon</FieldAdornment>
        <input id="q" type="search" />
      </OutlinedField>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.tab();
    expect(box).toHaveFocus();
    await user.tab();
    expect(box).not.toHaveFocus();
    const frame = box.parentElement;
    if (!frame) throw new Error('no frame');
    await user.click(frame);
    expect(box).toHaveFocus();
  });

  it('marks an error on the field and shows the line under it', () => {
    render(
      <OutlinedField
        controlId="to"
        label="Surgery to"
        error
        below={<FieldHelperText id="to-help">Must not be before Surgery from</FieldHelperText>}
      >
        <input id="to" aria-invalid aria-describedby="to-help" />
      </OutlinedField>,
    );
    const input = screen.getByRole('textbox', { name: 'Surgery to' });
    expect(input).toHaveAccessibleDescription('Must not be before Surgery from');
    expect(input.closest('[data-error]')).not.toBeNull();
  });
});

describe('native select field', () => {
  it('is a labelled combobox whose choice changes from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <NativeSelectField label="Not reviewed in" value="" onChange={onChange}>
        <option value="">Any</option>
        <option value="7">7 days</option>
      </NativeSelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Not reviewed in' });
    await user.tab();
    expect(select).toHaveFocus();
    await user.selectOptions(select, '7 days');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('7');
  });
});
