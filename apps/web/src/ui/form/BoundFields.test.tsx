import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { BoundPasswordField } from './BoundPasswordField.tsx';
import { BoundTextField } from './BoundTextField.tsx';

interface Values {
  city: string;
  secret: string;
}

/** A form whose Refuse button puts a server message under the city, as a refused submit would. */
function CityForm({ onValues }: { onValues: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { city: 'Oslo', secret: '' } });
  return (
    <form onSubmit={form.handleSubmit(onValues)}>
      <BoundTextField
        control={form.control}
        name="city"
        id="city"
        label="City"
        onValueChange={() => form.clearErrors('city')}
      />
      <BoundPasswordField control={form.control} name="secret" id="secret" label="Secret" />
      <button type="button" onClick={() => form.setError('city', { type: 'server', message: 'Taken' })}>
        Refuse
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

describe('bound fields', () => {
  it('edit the form values and show a field error under the field, tied to the control', async () => {
    const sent: Values[] = [];
    render(<CityForm onValues={(values) => sent.push(values)} />);
    const city = screen.getByLabelText('City');
    expect((city as HTMLInputElement).value).toBe('Oslo');
    expect(city.getAttribute('aria-describedby')).toBe('city-error');

    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByRole('alert').textContent).toBe('Taken');
    expect(screen.getByRole('alert').id).toBe('city-error');
    expect(city.className).toContain('p-invalid');

    await userEvent.type(city, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByLabelText('Secret'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ city: 'Oslox', secret: 'pw' }]);
  });
});
