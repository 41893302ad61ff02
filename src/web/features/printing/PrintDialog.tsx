import { useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { SubmitFooter } from '../../components/SubmitFooter.tsx';
import { notify, openDialog } from '../../components/dialogs/index.ts';
import { downloadLabels, lastPreset, useSaveOffset } from './api.ts';
import type { PrintSource } from './print-labels.ts';
import { PrintOptions, type PrintChoice } from './PrintOptions.tsx';

/** Labels for items, made on the server: the dialog's promise settles when it closes. */
export function openPrintDialog(source: PrintSource, what: string): Promise<unknown> {
  return openDialog<true>({
    modal: { title: 'Print labels', size: 'md' },
    content: (close) => <PrintForm source={source} what={what} onDone={() => close(true)} />,
  });
}

function PrintForm({
  source,
  what,
  onDone,
}: {
  source: PrintSource;
  what: string;
  onDone: () => void;
}) {
  const [choice, setChoice] = useState<PrintChoice>({
    preset: lastPreset('avery-l7160'),
    skip: 0,
    offset: { x: 0, y: 0 },
    saveOffset: false,
  });
  const [details, setDetails] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saveOffset = useSaveOffset();

  const print = async () => {
    setBusy(true);
    setError(null);
    try {
      if (choice.saveOffset) await saveOffset(choice.preset, choice.offset);
      await downloadLabels({
        ...source,
        preset: choice.preset,
        skip: choice.skip || undefined,
        offset_mm: choice.offset,
        details,
      });
      notify('Labels ready: open the PDF and print it at 100 % (actual size).', {
        title: 'Labels printed',
      });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void print();
      }}
    >
      <Stack gap="sm">
        <Text>{what}</Text>
        <Text size="sm" c="gray.7">
          Items without a label get a new one as they are printed.
        </Text>
        <PrintOptions value={choice} onChange={setChoice} canSaveOffset />
        <Checkbox
          label="Client and location under the name"
          checked={details}
          onChange={(e) => setDetails(e.currentTarget.checked)}
        />
        <SubmitFooter errors={error ? [error] : []} busy={busy} label="Print labels" />
      </Stack>
    </form>
  );
}
