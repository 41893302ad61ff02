import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAX_ATTACHMENTS, shortDate } from '../../../common/inspections.ts';
import { today } from '../../../common/job-stages.ts';
import type { ItemInspections } from '../../../common/schemas/inspection.ts';
import { EntitySection } from '../../components/EntitySection.tsx';
import { notify } from '../../components/dialogs/index.ts';
import { ApiError } from '../../lib/api.ts';
import { nextDueText } from './dates.ts';
import { inspectionQueries, useRecordInspection } from './api.ts';

/**
 * An item's inspections on its page: per kind of its component type, the next due; its
 * history with certificates; and for editors the record form. Shown only on items of a
 * type with inspection kinds, or with inspections recorded.
 */
export function InspectionsSection({ itemId, canEdit }: { itemId: string; canEdit: boolean }) {
  const data = useQuery(inspectionQueries.forItem(itemId));
  const [recording, setRecording] = useState(false);
  if (data.isPending) return null;
  // Not this reader's to see (another client's item): no section.
  if (data.isError) return null;
  const { schedule, inspections } = data.data;
  if (schedule.length === 0 && inspections.length === 0) return null;

  return (
    <EntitySection
      id="item-inspections-heading"
      title="Inspections"
      aside={
        canEdit && schedule.length > 0 && !recording ? (
          <Button size="xs" variant="light" onClick={() => setRecording(true)}>
            Record inspection
          </Button>
        ) : undefined
      }
    >
      <Stack gap="xs">
        {schedule.map((s) => (
          <Group key={s.kind_id} gap="xs" data-testid="inspection-next-due">
            <Text fw={600}>{s.kind_name}</Text>
            <Text>next due:</Text>
            <Badge tt="none" color={s.overdue ? 'red.9' : 'gray.8'}>
              {nextDueText(s)}
            </Badge>
            {s.blocks_dispatch && <Text size="sm">(blocks dispatch)</Text>}
          </Group>
        ))}
        {recording && (
          <RecordForm itemId={itemId} data={data.data} onDone={() => setRecording(false)} />
        )}
        {inspections.length > 0 && (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {inspections.map((i) => (
              <li key={i.id} data-testid="inspection-row">
                <Text size="sm">
                  {shortDate(i.date)} {i.date.slice(0, 4)} · {i.kind_name}{' '}
                  <strong>{i.result === 'passed' ? 'passed' : 'FAILED'}</strong>
                  {i.inspector ? ` · by ${i.inspector}` : ''}
                  {i.recorded_by_email ? ` · recorded by ${i.recorded_by_email}` : ''}
                  {i.note ? ` · ${i.note}` : ''}
                </Text>
                {i.attachments.map((a) => (
                  <Anchor key={a.id} href={a.url} target="_blank" size="sm" mr="sm">
                    {a.filename}
                  </Anchor>
                ))}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </EntitySection>
  );
}

function RecordForm({
  itemId,
  data,
  onDone,
}: {
  itemId: string;
  data: ItemInspections;
  onDone: () => void;
}) {
  const record = useRecordInspection();
  const [kindId, setKindId] = useState<string | null>(data.schedule[0]?.kind_id ?? null);
  const [result, setResult] = useState('passed');
  const [date, setDate] = useState(today());
  const [note, setNote] = useState('');
  const [inspector, setInspector] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const form = new FormData();
    form.append('kind_id', kindId ?? '');
    form.append('result', result);
    form.append('date', date);
    form.append('note', note);
    form.append('inspector', inspector);
    for (const file of files) form.append('attachments', file, file.name);
    try {
      await record.mutateAsync({ itemId, form });
      notify(
        result === 'failed'
          ? 'Inspection recorded: the item is marked damaged.'
          : 'Inspection recorded.',
      );
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The inspection could not be saved.');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Record inspection">
      <Stack gap="xs">
        <Select
          label="Inspection"
          data={data.schedule.map((s) => ({ value: s.kind_id, label: s.kind_name }))}
          value={kindId}
          onChange={setKindId}
          allowDeselect={false}
          required
        />
        <Radio.Group label="Result" value={result} onChange={setResult} required>
          <Group gap="md" mt={4}>
            <Radio value="passed" label="Passed" />
            <Radio value="failed" label="Failed" />
          </Group>
        </Radio.Group>
        <TextInput
          type="date"
          label="Date"
          value={date}
          max={today()}
          onChange={(e) => setDate(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Inspector"
          description="Who did the test, if not you"
          value={inspector}
          onChange={(e) => setInspector(e.currentTarget.value)}
        />
        <Textarea
          label="Note"
          description={result === 'failed' ? 'Kept as the item’s damage note' : undefined}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <FileInput
          label="Certificate or photos"
          description={`PDF or photo, up to 20 MB each, at most ${MAX_ATTACHMENTS}`}
          accept="application/pdf,image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          clearable
          value={files}
          onChange={setFiles}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={record.isPending}>
            Save inspection
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
          {record.isPending && <Loader size="xs" aria-label="Saving" />}
        </Group>
      </Stack>
    </form>
  );
}
