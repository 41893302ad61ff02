import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { NameForm } from './NameForm.tsx';

// The one-name form of clients, locations and component types: its rules are the
// contract's nameSchema, so the messages are the server's own, named by the field's label.

afterEach(cleanup);

function renderForm(label?: string) {
  const save = vi.fn((name: string) => ({ saved: name }));
  const close = vi.fn();
  render(
    <MantineProvider>
      <NameForm label={label} initialName="" submitLabel="Create" save={save} close={close} />
    </MantineProvider>,
  );
  const submit = (value: string) => {
    fireEvent.change(screen.getByRole('textbox'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  };
  return { save, close, submit };
}

describe('NameForm', () => {
  it('says "{label} is required" with its own label, sending nothing', async () => {
    const { save, close, submit } = renderForm('Client');
    submit('   ');
    expect(await screen.findByText('Client is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it("refuses a name over 200 characters with the server's message", async () => {
    const { save, submit } = renderForm();
    submit('x'.repeat(201));
    expect(await screen.findByText('Name is too long')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the trimmed name and closes with what save returned; Cancel closes with nothing', async () => {
    const { save, close, submit } = renderForm();
    submit('  Main yard  ');
    await waitFor(() => expect(close).toHaveBeenCalledWith({ saved: 'Main yard' }));
    expect(save).toHaveBeenCalledWith('Main yard');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenLastCalledWith(undefined);
  });
});
