import { useState } from 'react';
import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { FormErrors } from '../../components/FormErrors.tsx';
import { firstSave, settle, type VersionedEdit } from '../../components/forms/versioned-edit.ts';
import { COUNT_MIN, countError } from './count.ts';

/** A line of "component type × count": a manifest's requirement, an item's component. */
export interface CountLine {
  component_id: string;
  component_name: string;
  count: number;
  version?: number;
}

/**
 * Changes one count in place (a requirement's, an item component's). Enter saves,
 * Escape cancels; "Count is required" and the at-least-1 rule block saving. The count is
 * sent with the version it was shown at; if someone changed it meanwhile, the conflict
 * dialog asks whose count to keep.
 */
export function CountEditor(props: {
  /** A requirement or an item component as the server lists it. */
  line: CountLine;
  save: (change: {
    componentId: string;
    count: number;
    version?: number;
  }) => Promise<{ count: number; version: number }>;
  onDone: () => void;
}) {
  const { component_id: componentId, component_name: componentName, count, version } = props.line;
  const { onDone } = props;
  const queryClient = useQueryClient();
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
      const edit: VersionedEdit<{ count: number; version: number }, { count: number }> = {
        noun: 'count',
        loaded: { count, version: version ?? 0 },
        bodyOf: (record) => ({ count: record.count }),
        fields: [{ key: 'count', label: `Count of ${componentName}` }],
        save: (changes, at) =>
          props.save({
            componentId,
            count: changes.count ?? count,
            version: version === undefined ? undefined : at,
          }),
        onTheirs: () => queryClient.invalidateQueries(),
      };
      await settle(edit, await firstSave(edit, { count: Number(values.count) }));
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
