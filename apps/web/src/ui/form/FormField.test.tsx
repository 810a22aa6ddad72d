import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './FormField.tsx';
import { TextField } from './TextField.tsx';

describe('FormField', () => {
  it('labels the control and points it at an empty error line', () => {
    render(
      <FormField id="city" label="City">
        {({ invalid, ...control }) => <input {...control} data-invalid={String(invalid)} />}
      </FormField>,
    );
    const input = screen.getByLabelText('City');
    expect(input.getAttribute('aria-describedby')).toBe('city-error');
    expect(input.getAttribute('data-invalid')).toBe('false');
    expect(document.getElementById('city-error')?.textContent).toBe('\u00a0');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error as an alert and marks the text input invalid', () => {
    render(<TextField id="city" label="City" error="Too short" errorTestId="city-error" />);
    expect(screen.getByRole('alert').textContent).toBe('Too short');
    expect(screen.getByTestId('city-error').id).toBe('city-error');
    expect(screen.getByLabelText('City').className).toContain('p-invalid');
    expect(screen.getByLabelText('City').className).toContain('form-field__input');
  });

  it('leaves out the error line and aria-describedby when asked', () => {
    render(<TextField id="city" label="City" hasErrorLine={false} />);
    expect(screen.getByLabelText('City').hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('city-error')).toBeNull();
  });
});
