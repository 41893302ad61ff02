import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import AddLabelForm from './AddLabel.form.tsx';

// The form as a member sees it: the rules come from its schema, checked before anything is
// sent, and a refusal from the server is listed under the form, which stays open.

afterEach(cleanup);

const ATTACHED = { kind: 'attached' } as const;

function renderForm(save = vi.fn(async (code: string) => ({ code, outcome: ATTACHED }))) {
  const close = vi.fn();
  render(
    <MantineProvider>
      <AddLabelForm save={save as never} close={close} />
    </MantineProvider>,
  );
  const field = screen.getByRole('textbox', { name: /Label code/ });
  const submit = (value: string) => {
    fireEvent.change(field, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
  };
  return { save, close, submit };
}

describe('Add a label', () => {
  it.each(['', '   '])('says "Label code is required" for %j, sending nothing', async (value) => {
    const { save, close, submit } = renderForm();
    expect(screen.queryByText('Label code is required')).toBeNull();
    submit(value);
    expect(await screen.findByText('Label code is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('refuses what is not a label code or scan link, sending nothing', async () => {
    const { save, submit } = renderForm();
    submit('nope');
    expect(await screen.findByText('That is not a label code or scan link')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('lists the server refusal under the form and stays open', async () => {
    const { close, submit } = renderForm(
      vi.fn(async () => Promise.reject(new Error('Item not found.'))),
    );
    submit('0123-4567-89ab');
    expect(await screen.findByText('Item not found.')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
  });

  it('sends the canonical code of a typed one or of a scan link, and closes with the answer', async () => {
    const { save, close, submit } = renderForm();
    submit('0123-4567-89ab');
    await waitFor(() =>
      expect(close).toHaveBeenCalledWith({ code: '0123456789AB', outcome: ATTACHED }),
    );
    submit('https://yard.example/scan/0123456789AC');
    await waitFor(() => expect(save).toHaveBeenLastCalledWith('0123456789AC'));
  });
});
