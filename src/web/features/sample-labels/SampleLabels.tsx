import { useState } from 'react';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PRINT_MAX_LABELS } from '../../../common/schemas/printing.ts';
import { formatLabelCode, scanLink } from '../../../common/label-code.ts';
import { showError } from '../../components/dialogs/messages.tsx';
import { QrCode } from '../../lib/scanner/QrCode.tsx';
import { usePublicConfig } from '../scanner/api.ts';
import {
  CSV_FILE_NAME,
  generateLabelCodes,
  labelsCsv,
  PREVIEW_COUNT,
  PREVIEW_QR_SIZE,
  SAMPLE_LABELS_DEFAULT,
  SAMPLE_LABELS_MAX,
} from './codes.ts';
import { downloadFile } from '../../lib/download.ts';
import { useCan } from '../auth/api.ts';
import { downloadLabels, lastPreset, useSaveOffset } from '../printing/api.ts';
import { PrintOptions, type PrintChoice } from '../printing/PrintOptions.tsx';

/**
 * /sample-labels (spec "Sample labels"): a batch of fresh label codes, downloadable as a
 * CSV of links (for a label printer) or as a printable PDF made by the server on any label
 * preset, with a preview of the first 30. The CSV, the PDF and the preview show the same
 * batch.
 */
export function SampleLabels() {
  const { publicUrl } = usePublicConfig();
  const canSaveOffset = useCan('inventory:write');
  const [total, setTotal] = useState<number | string>(SAMPLE_LABELS_DEFAULT);
  const [choice, setChoice] = useState<PrintChoice>({
    preset: lastPreset('grid-4x5-a4'),
    skip: 0,
    offset: { x: 0, y: 0 },
    saveOffset: false,
  });
  const saveOffset = useSaveOffset();
  // A new batch whenever the total changes or new codes are asked for.
  const [codes, setCodes] = useState(() => generateLabelCodes(SAMPLE_LABELS_DEFAULT));
  const [making, setMaking] = useState(false);
  const count = validTotal(total);
  const changeTotal = (value: number | string) => {
    setTotal(value);
    const n = validTotal(value);
    if (n !== null) setCodes(generateLabelCodes(n));
  };
  const error =
    total === ''
      ? 'Total is required'
      : count === null
        ? `Total must be a whole number from 1 to ${SAMPLE_LABELS_MAX.toLocaleString('en')}`
        : null;
  const ready = publicUrl !== null && count !== null;

  const downloadCsv = () => {
    if (!ready) return;
    downloadFile(CSV_FILE_NAME, labelsCsv(codes, publicUrl), 'text/csv;charset=utf-8');
  };

  const downloadPdf = async () => {
    if (!ready || count > PRINT_MAX_LABELS) return;
    setMaking(true);
    try {
      if (choice.saveOffset) await saveOffset(choice.preset, choice.offset);
      await downloadLabels(
        {
          preset: choice.preset,
          codes,
          skip: choice.skip || undefined,
          offset_mm: choice.offset,
        },
        `yardkeep-labels-${choice.preset}.pdf`,
      );
    } catch (err) {
      await showError(err);
    } finally {
      setMaking(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Sample labels</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          downloadCsv();
        }}
        noValidate
      >
        <Stack gap="sm" maw={520}>
          <NumberInput
            label="Total"
            value={total}
            onChange={changeTotal}
            min={1}
            max={SAMPLE_LABELS_MAX}
            allowDecimal={false}
            allowNegative={false}
            required
            error={error}
          />
          <Group gap="sm">
            <Button type="submit" disabled={!ready}>
              Download
            </Button>
            <Button
              variant="default"
              onClick={() => count !== null && setCodes(generateLabelCodes(count))}
            >
              New codes
            </Button>
          </Group>
          <Text size="sm" c="gray.7">
            Download gives {CSV_FILE_NAME}: one row per new label code, with its link and id.
          </Text>
          <PrintOptions value={choice} onChange={setChoice} canSaveOffset={canSaveOffset} />
          <Group gap="sm" align="end">
            <Button
              variant="light"
              onClick={() => void downloadPdf()}
              disabled={!ready || count > PRINT_MAX_LABELS}
              loading={making}
            >
              Download PDF
            </Button>
          </Group>
          {ready && count > PRINT_MAX_LABELS && (
            <Text size="sm" c="gray.7">
              A PDF holds at most {PRINT_MAX_LABELS.toLocaleString('en')} labels: lower the total,
              or download the CSV for a label printer.
            </Text>
          )}
        </Stack>
      </form>

      <section aria-labelledby="preview-title">
        <Title order={2} size="h3" id="preview-title" mb="sm">
          Preview
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {ready &&
            codes.slice(0, PREVIEW_COUNT).map((code) => (
              <Paper key={code} withBorder p="sm" data-testid="label-preview">
                <Stack gap={4} align="center">
                  <div style={{ width: '100%', maxWidth: PREVIEW_QR_SIZE, aspectRatio: '1' }}>
                    <QrCode
                      value={scanLink(publicUrl, code)}
                      size={PREVIEW_QR_SIZE}
                      label={`QR code of label ${formatLabelCode(code)}`}
                    />
                  </div>
                  <Text ff="monospace" fw={700}>
                    {formatLabelCode(code)}
                  </Text>
                </Stack>
              </Paper>
            ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

function validTotal(value: number | string): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= SAMPLE_LABELS_MAX ? n : null;
}
