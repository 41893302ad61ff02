import { useState, type ChangeEvent } from 'react';
import { Badge, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { formatWindow } from '../../../common/reservations.ts';
import { readFreeWindow, type FreeWindow } from './free-window.ts';

const READABLE_ERROR = { error: { color: 'var(--mantine-color-red-9)' } };

/**
 * "Free from … to …": a button beside the search and type filter that keeps only items
 * free for those days ("crate free 3–9 Jun"). The chosen window shows on the button.
 */
export function FreeFilter(props: {
  value: FreeWindow | null;
  onChange: (value: FreeWindow | null) => void;
}) {
  const { value, onChange } = props;
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState(value?.from ?? '');
  const [to, setTo] = useState(value?.to ?? '');
  const read = readFreeWindow(from, to);
  const [tried, setTried] = useState(false);

  /** One end of the window: a date input, with its error once Show was tried. */
  const dateInput = (field: 'from' | 'to', value: string, setValue: (value: string) => void) => ({
    type: 'date',
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
    error: tried && read.error?.field === field ? read.error.message : undefined,
    styles: READABLE_ERROR,
  });

  const apply = () => {
    setTried(true);
    if (read.error) return;
    onChange(read.window);
    setOpened(false);
  };
  const clear = () => {
    setFrom('');
    setTo('');
    setTried(false);
    onChange(null);
    setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Button
          variant={value ? 'filled' : 'default'}
          onClick={() => setOpened((o) => !o)}
          // Chosen, the button reads "Free 3–9 Jun" from its own text.
          aria-label={value ? undefined : 'Free from … to …'}
          rightSection={
            value ? (
              <Badge size="sm" variant="white" color="indigo.9">
                {formatWindow(value)}
              </Badge>
            ) : undefined
          }
        >
          Free
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label="Free from … to …"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Stack gap="xs" miw={220}>
            <Text size="sm" fw={600}>
              Free from … to …
            </Text>
            <TextInput label="Free from" {...dateInput('from', from, setFrom)} data-autofocus />
            <TextInput label="to" {...dateInput('to', to, setTo)} />
            <Group gap="xs" justify="flex-end">
              {value && (
                <Button variant="default" onClick={clear}>
                  Clear
                </Button>
              )}
              <Button type="submit">Show free items</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
