import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { Component } from '../../../common/schemas/component.ts';
import { guarded } from '../../components/dialogs/index.ts';
import { FormErrors } from '../../components/FormErrors.tsx';
import { componentTypeEntity } from '../component-types/api.ts';
import { COUNT_DEFAULT, COUNT_MIN, countError, useCreateComponentInline } from './count.ts';

export interface ComponentCountFormProps {
  /** The component types already listed, left out of the choices. */
  taken: string[];
  /** Saves the pair; throw to list the message under the form. */
  onSubmit: (value: { component_id: string; count: number }) => Promise<unknown>;
  /** The box's heading, "Add a requirement". */
  title: string;
  /** Names the form for screen readers; the title when left out. */
  ariaLabel?: string;
}

interface Values {
  component_id: string | null;
  count: number | string;
}

/**
 * A component type and a count, added inline in a box at the end of its section (requirements of a manifest, components of
 * an item): both required ("Component type is required", "Count is required"), the count
 * a whole number of at least 1, 1 by default, and "Create a component" beside the
 * dropdown, which creates the type and selects it.
 */
export function ComponentCountForm({
  taken,
  onSubmit,
  title,
  ariaLabel = title,
}: ComponentCountFormProps) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Made inline, shown until the component list query has refetched with them.
  const [created, setCreated] = useState<Array<Pick<Component, 'id' | 'name'>>>([]);
  const createInline = useCreateComponentInline();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { component_id: null, count: COUNT_DEFAULT },
    validate: {
      component_id: (v) => (v ? null : 'Component type is required'),
      count: (v) => countError(v),
    },
  });

  // Editors only (this form is theirs): a visitor's page never asks for the types.
  const components = useQuery(componentTypeEntity.queries.list());
  const listed = new Set(taken);
  const choices = (components.data ?? []).filter((c) => !listed.has(c.id));
  const known = new Set(choices.map((c) => c.id));
  const data = [...choices, ...created.filter((c) => !known.has(c.id))].map((c) => ({
    value: c.id,
    label: c.name,
  }));

  const submit = form.onSubmit(async (values) => {
    setErrors([]);
    setBusy(true);
    try {
      await onSubmit({ component_id: values.component_id!, count: Number(values.count) });
      form.reset();
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  });

  const createComponent = async () => {
    const made = await guarded(() => createInline());
    if (!made) return;
    setCreated((c) => [...c, made]);
    form.setFieldValue('component_id', made.id);
  };

  return (
    <AddBox title={title}>
      <form onSubmit={submit} noValidate aria-label={ariaLabel}>
        <Stack gap={6}>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Select
                label="Component type"
                required
                searchable
                nothingFoundMessage="Nothing found"
                placeholder="Choose a component"
                data={data}
                {...form.getInputProps('component_id')}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                onClick={() => void createComponent()}
              >
                Create a component
              </Anchor>
            </Stack>
            <NumberInput
              label="Count"
              required
              min={COUNT_MIN}
              allowDecimal={false}
              allowNegative={false}
              w={110}
              {...form.getInputProps('count')}
            />
            <Button type="submit" loading={busy} mt={25} style={{ flexShrink: 0 }}>
              Add
            </Button>
          </Group>
          <FormErrors errors={errors} />
        </Stack>
      </form>
    </AddBox>
  );
}

/** A small box at the end of a section with a form to add a line: "Add a component". */
function AddBox(props: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" mt="sm" radius="sm">
      <Text size="sm" fw={600} mb={4}>
        {props.title}
      </Text>
      {props.children}
    </Paper>
  );
}
