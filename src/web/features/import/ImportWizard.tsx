import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Progress,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IMPORT_MAX_BYTES, type ImportPreview } from '../../../common/schemas/import.ts';
import { FormErrors } from '../../components/FormErrors.tsx';
import { sendImport, type ColumnMapping, type ImportProgress } from './api.ts';
import { itemsText } from './fields.ts';
import { MappingEditor, PreviewSummary } from './ImportPreviewView.tsx';

interface Source {
  file: Blob;
  filename: string;
}

/**
 * /import (staff): choose or paste a CSV, check how its columns map and what a dry run
 * says the import will do, then import with a progress bar and find the items
 * (docs/decisions.md#import-page).
 */
export function ImportWizard() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [source, setSource] = useState<Source | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [packAnyway, setPackAnyway] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = async (next: Source, nextMapping: ColumnMapping) => {
    setChecking(true);
    setError(null);
    try {
      const answer = await sendImport({ ...next, mapping: nextMapping, dryRun: true });
      setSource(next);
      setPreview(answer);
      setValidOnly(false);
      setPackAnyway(false);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setChecking(false);
    }
  };

  const start = () => {
    const chosen: Source | null = file
      ? { file, filename: file.name }
      : pasted.trim()
        ? { file: new Blob([pasted], { type: 'text/csv' }), filename: 'pasted text' }
        : null;
    if (!chosen) {
      setError('Choose a CSV file or paste the spreadsheet’s rows.');
      return;
    }
    if (chosen.file.size > IMPORT_MAX_BYTES) {
      setError('The file is too large: at most 20 MB can be imported. Split it into parts.');
      return;
    }
    setResult(null);
    void check(chosen, {});
  };

  const runImport = async () => {
    if (!source || !preview) return;
    setError(null);
    setProgress({ phase: 'upload', fraction: 0 });
    try {
      const answer = await sendImport(
        { ...source, mapping: explicit(preview), dryRun: false, validOnly, packAnyway },
        setProgress,
      );
      setResult(answer);
      setPreview(null);
      await queryClient.invalidateQueries();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setProgress(null);
    }
  };

  const reset = () => {
    setSource(null);
    setPreview(null);
    setResult(null);
    setFile(null);
    setPasted('');
    setError(null);
  };

  const questions = preview?.questions ?? [];
  const blocked =
    preview !== null &&
    ((preview.invalid_rows > 0 && !validOnly) || (questions.length > 0 && !packAnyway));
  const nothing = preview !== null && preview.create + preview.update === 0;
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>Import items</Title>
      {result ? (
        <ImportDone result={result} onAgain={reset} />
      ) : (
        <>
          <Stack gap="sm" maw={620}>
            <Text size="sm" c="gray.7">
              A CSV file from a spreadsheet (UTF-8 or Windows, comma, semicolon or tab separated, at
              most 20 MB). Columns named like the export’s (name, type, client, location, container,
              component, manifest, label, note, id) are matched automatically. Rows with an id or a
              label code already in Yardkeep update that item.
            </Text>
            <FileInput
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              value={file}
              onChange={(f) => {
                setFile(f);
                setPreview(null);
              }}
              clearable
            />
            <Textarea
              label="…or paste the rows (with the header row)"
              value={pasted}
              onChange={(e) => {
                setPasted(e.currentTarget.value);
                setPreview(null);
              }}
              disabled={file !== null}
              autosize
              minRows={3}
              maxRows={10}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Group>
              <Button onClick={start} loading={checking && !preview}>
                Preview
              </Button>
            </Group>
          </Stack>
          {error && <FormErrors errors={[error]} />}
          {preview && source && (
            <>
              <Text size="sm" c="gray.7">
                {source.filename}: {preview.file.encoding.toUpperCase()},{' '}
                {DELIMITER_NAMES[preview.file.delimiter]} separated.
              </Text>
              <MappingEditor preview={preview} onChange={(next) => void check(source, next)} />
              {checking && <Text size="sm">Updating the preview…</Text>}
              <PreviewSummary preview={preview} />
              <Stack gap="sm" maw={620}>
                {preview.invalid_rows > 0 && (
                  <Checkbox
                    label={`Import only the valid rows: the ${preview.invalid_rows.toLocaleString('en')} rows with problems are left out`}
                    checked={validOnly}
                    onChange={(e) => setValidOnly(e.currentTarget.checked)}
                  />
                )}
                {questions.length > 0 && (
                  // The API's own question for each row (docs/decisions.md, "Reservations
                  // and the CSV import"): nothing is imported until it is answered.
                  <Alert color="yellow" title="Reserved for another job">
                    <ul data-testid="import-questions">
                      {questions.slice(0, 10).map((q) => (
                        <li key={q.row}>
                          Row {q.row}: {q.message}
                        </li>
                      ))}
                    </ul>
                    {questions.length > 10 && (
                      <Text size="sm">And {questions.length - 10} more rows.</Text>
                    )}
                    <Checkbox
                      mt="xs"
                      label={`Pack anyway: ${questions.length === 1 ? 'the item goes' : `the items of these ${questions.length} rows go`} onto the job although another job holds it then`}
                      checked={packAnyway}
                      onChange={(e) => setPackAnyway(e.currentTarget.checked)}
                    />
                  </Alert>
                )}
                {blocked && preview.invalid_rows > 0 && !validOnly && (
                  <Alert color="yellow">
                    Nothing is imported while rows have problems: fix the file and preview it again,
                    or choose to import only the valid rows.
                  </Alert>
                )}
                {progress && <ImportProgressBar progress={progress} />}
                <Group>
                  <Button
                    onClick={() => void runImport()}
                    disabled={blocked || nothing || checking}
                    loading={progress !== null}
                  >
                    {nothing
                      ? 'Nothing to import'
                      : `Import ${itemsText(preview.create + preview.update)}`}
                  </Button>
                  <Button variant="default" onClick={reset} disabled={progress !== null}>
                    Start again
                  </Button>
                </Group>
              </Stack>
            </>
          )}
        </>
      )}
    </Stack>
  );
}

const DELIMITER_NAMES = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

/** The mapping the preview used, every field named, so the import does exactly that. */
function explicit(preview: ImportPreview): ColumnMapping {
  return Object.fromEntries(Object.entries(preview.mapping).map(([f, c]) => [f, c ?? '']));
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const uploading = progress.phase === 'upload';
  const percent = uploading ? Math.round(progress.fraction * 100) : 100;
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        animated={!uploading}
        striped={!uploading}
        aria-label="Import progress"
        size="lg"
      />
      <Text size="sm" aria-live="polite">
        {uploading ? `Sending the file… ${percent} %` : 'Importing: checking and saving the rows…'}
      </Text>
    </Stack>
  );
}

function ImportDone({ result, onAgain }: { result: ImportPreview; onAgain: () => void }) {
  const written = result.create + result.update;
  return (
    <Stack gap="sm" data-testid="import-done">
      <Alert color="green" title="Imported">
        {itemsText(result.create)} created, {itemsText(result.update)} changed
        {result.unchanged > 0 && `, ${result.unchanged.toLocaleString('en')} unchanged`}
        {result.skipped > 0 &&
          `; ${result.skipped.toLocaleString('en')} rows with problems left out`}
        .
      </Alert>
      {written > 0 && (
        <>
          <Text>The imported items{written > result.items.length ? ' (the first ones)' : ''}:</Text>
          <List size="sm" spacing={2} data-testid="imported-items">
            {result.items.slice(0, 50).map((item) => (
              <List.Item key={item.id}>
                <Anchor component={Link} to={`/items/${item.id}`}>
                  {item.name?.trim() || item.id}
                </Anchor>
              </List.Item>
            ))}
          </List>
          {result.items.length > 50 && <Text size="sm">…and {written - 50} more.</Text>}
        </>
      )}
      <Group>
        <Button component={Link} to="/">
          Find them in the inventory
        </Button>
        <Button variant="default" onClick={onAgain}>
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}
