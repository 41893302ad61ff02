import { useState } from 'react';
import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormErrors } from '../../components/FormErrors.tsx';
import { COUNT_MIN, countError } from './count.ts';

/**
 * Changes one count in place (a requirement's, an item component's). Enter saves,
 * Escape cancels; "Count is required" and the at-least-1 rule block saving.
 */
export function CountEditor(props: {
  componentName: string;
  count: number;
  onSave: (count: number) => Promise<unknown>;
  onDone: () => void;
}) {
  const { componentName, count, onSave, onDone } = props;
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const form = useForm<{ count: number | string }>({
    mode: 'controlled',
    initialValues: { count },
    validate: { count: (v) => countError(v) },
  });

  const submit = form.onSubmit(async (values) => {
    setErrors([]);
    setBusy(true);
    try {
      await onSave(Number(values.count));
      onDone();
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit the count of ${componentName}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      <Stack gap={6}>
        <Group align="flex-end" gap="xs">
          <NumberInput
            label={`Count of ${componentName}`}
            required
            min={COUNT_MIN}
            allowDecimal={false}
            allowNegative={false}
            w={160}
            data-autofocus
            autoFocus
            {...form.getInputProps('count')}
          />
          <Button type="submit" loading={busy}>
            Save
          </Button>
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        </Group>
        <FormErrors errors={errors} />
      </Stack>
    </form>
  );
}
