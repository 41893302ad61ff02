import { useEffect } from 'react';
import { Alert, Checkbox, Group, Loader, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PresetInfo } from '../../../common/schemas/printing.ts';
import { OFFSET_MAX_MM } from '../../../common/schemas/printing.ts';
import { printingQueries } from './api.ts';

export interface PrintChoice {
  preset: string;
  skip: number;
  offset: { x: number; y: number };
  /** Keep this offset as the preset's calibration for everyone. */
  saveOffset: boolean;
}

/** A preset's facts as a person reads them: "21 per page · QR 27 mm (modules 0.9 mm)". */
export function presetFacts(p: PresetInfo): string {
  const per = p.per_page === 1 ? 'one label a page' : `${p.per_page} per page`;
  return `${per} · QR ${p.qr_mm} mm (modules ${p.module_mm} mm)`;
}

/**
 * The printer settings of a print: the label stock, labels already used on the first
 * sheet, and the printer's x/y calibration, which starts at the preset's saved offset.
 */
export function PrintOptions({
  value,
  onChange,
  canSaveOffset,
}: {
  value: PrintChoice;
  onChange: (next: PrintChoice) => void;
  canSaveOffset: boolean;
}) {
  const presets = useQuery(printingQueries.presets());
  const preset = presets.data?.find((p) => p.id === value.preset);
  // A newly chosen preset starts from its own saved calibration.
  useEffect(() => {
    if (preset) onChange({ ...value, offset: preset.offset_mm, skip: 0, saveOffset: false });
    // Only when the preset (or its saved offset) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset?.id, preset?.offset_mm.x, preset?.offset_mm.y]);

  if (presets.isPending) return <Loader size="sm" aria-label="Loading label presets" />;
  if (presets.isError) return <Alert color="red">{presets.error.message}</Alert>;

  const groups = (['sheet', 'roll', 'placard'] as const).map((kind) => ({
    group: { sheet: 'Sheets', roll: 'Roll and thermal printers', placard: 'Placards' }[kind],
    items: presets.data.filter((p) => p.kind === kind).map((p) => ({ value: p.id, label: p.name })),
  }));
  const offset = (axis: 'x' | 'y') => (n: number | string) =>
    onChange({ ...value, offset: { ...value.offset, [axis]: typeof n === 'number' ? n : 0 } });

  return (
    <Stack gap="sm">
      <Select
        label="Labels"
        data={groups}
        value={value.preset}
        onChange={(id) => id && onChange({ ...value, preset: id })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {preset && (
        <Text size="sm" c="gray.7" data-testid="preset-facts">
          {presetFacts(preset)}
        </Text>
      )}
      {preset && preset.per_page > 1 && (
        <NumberInput
          label="Skip the first labels"
          description="Labels already used on a partly used sheet"
          value={value.skip}
          onChange={(n) => onChange({ ...value, skip: typeof n === 'number' ? n : 0 })}
          min={0}
          max={preset.per_page - 1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
        />
      )}
      <Group grow>
        <ShiftInput label="Shift right (mm)" value={value.offset.x} onChange={offset('x')} />
        <ShiftInput label="Shift down (mm)" value={value.offset.y} onChange={offset('y')} />
      </Group>
      {canSaveOffset &&
        preset &&
        (value.offset.x !== preset.offset_mm.x || value.offset.y !== preset.offset_mm.y) && (
          <Checkbox
            label="Save this shift as the printer's calibration for this label stock"
            checked={value.saveOffset}
            onChange={(e) => onChange({ ...value, saveOffset: e.currentTarget.checked })}
          />
        )}
    </Stack>
  );
}

function ShiftInput(props: {
  label: string;
  value: number;
  onChange: (n: number | string) => void;
}) {
  return (
    <NumberInput
      {...props}
      min={-OFFSET_MAX_MM}
      max={OFFSET_MAX_MM}
      step={0.5}
      decimalScale={1}
      clampBehavior="strict"
    />
  );
}
