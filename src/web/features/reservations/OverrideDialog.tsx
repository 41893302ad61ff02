import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { openDialog, type CloseDialog } from '../../components/dialogs/index.ts';
import { withOverride, type Override } from './override.ts';

function OverrideForm({ refusal, close }: { refusal: string; close: CloseDialog<string> }) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const missing = !note.trim();
  return (
    <form
      aria-label="Overbook anyway"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!missing) close(note.trim());
      }}
    >
      <Stack>
        <Alert color="red" variant="light" data-testid="overbooked">
          <Text c="red.9" fw={600}>
            {refusal}
          </Text>
        </Alert>
        <Text size="sm">
          You can overbook on purpose (sub-renting, say). The job is then shown short, in red,
          wherever it appears, and your note goes into the activity.
        </Text>
        <Textarea
          label="Why overbook?"
          // Marked, not `required`: the browser's own bubble would hide our sentence.
          withAsterisk
          aria-required
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={tried && missing ? 'Say why you overbook.' : undefined}
          styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(undefined)}>
            Cancel
          </Button>
          <Button type="submit" color="red.9">
            Overbook anyway
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The refusal of an overbooking write, and the note to overbook anyway (or undefined). */
export function askOverride(refusal: string): Promise<string | undefined> {
  return openDialog<string>({
    modal: { title: 'Already held by another job' },
    content: (close) => <OverrideForm refusal={refusal} close={close} />,
  });
}

/** withOverride, asking in the dialog above. */
export function overbookable<T>(write: (override?: Override) => Promise<T>) {
  return withOverride(write, askOverride);
}
