import { useState } from 'react';
import { Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { roundTripQueries } from '../round-trip/api.ts';
import { locationQueries } from '../locations/api.ts';
import { ContinuousScan, type ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import { ScanModeModal } from '../scan-mode/ScanModeModal.tsx';
import classes from '../scan-mode/scan-mode.module.css';
import { withQueuedReturns } from '../offline/optimistic.ts';
import { useScanQueue } from '../offline/scan-queue.ts';
import { useReturnScans, type ReturnSettings } from './useReturnScans.ts';

/**
 * Return mode: the packing mode's continuous scanner over a job that is out. Each label
 * scanned brings its item back to the chosen location, ok or damaged (with a note and a
 * photo), and the "still out" count drops.
 */
export function ReturnMode(props: { manifest: Manifest; opened: boolean; onClose: () => void }) {
  return (
    <ScanModeModal
      opened={props.opened}
      onClose={props.onClose}
      title={`Returning ${props.manifest.name}`}
      closeLabel="Close return mode"
    >
      <ReturnScreen manifest={props.manifest} onClose={props.onClose} />
    </ScanModeModal>
  );
}

function ReturnScreen({ manifest, onClose }: { manifest: Manifest; onClose: () => void }) {
  const [settings, setSettings] = useState<ReturnSettings>({
    locationId: null,
    damaged: false,
    note: '',
    photo: null,
  });
  const set = (change: Partial<ReturnSettings>) => setSettings((s) => ({ ...s, ...change }));
  const locations = useQuery(locationQueries.list());
  const controls = (
    <Stack gap={6} className={classes.card} bg="dark.6">
      <Select
        label="Put back at"
        placeholder="Where each item was"
        data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={settings.locationId}
        onChange={(locationId) => set({ locationId })}
        clearable
        searchable
      />
      <Switch
        label="Damaged"
        checked={settings.damaged}
        onChange={(e) => set({ damaged: e.currentTarget.checked })}
        color="orange"
      />
      {settings.damaged && (
        <>
          <TextInput
            label="What is damaged"
            value={settings.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
          />
          <label>
            <Text size="sm">Photo of the damage</Text>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => set({ photo: e.currentTarget.files?.[0] ?? null })}
            />
          </label>
        </>
      )}
    </Stack>
  );
  const useScans = (context: ScanModeContext) => useReturnScans({ ...context, manifest, settings });
  return (
    <ContinuousScan
      useScans={useScans}
      idle="Point the camera at a label. Each one scanned is back from this job."
      doneLabel="Done returning"
      onDone={onClose}
      controls={controls}
      counters={<StillOut manifestId={manifest.id} />}
    />
  );
}

/** "12 of 40 still out", live while items come back (and as returns queue offline). */
export function StillOut({ manifestId }: { manifestId: string }) {
  const returns = useQuery(roundTripQueries.returns(manifestId));
  const queue = useScanQueue();
  if (!returns.data) return <Text c="gray.4">Loading the counts…</Text>;
  const { out, returned, damaged, missing } = withQueuedReturns(manifestId, returns.data, queue);
  const total = out.length + returned.length + damaged.length + missing.length;
  return (
    <Text fw={700} size="lg" aria-live="polite" data-testid="return-still-out">
      {out.length} of {total} still out
      {damaged.length > 0 ? ` · ${damaged.length} damaged` : ''}
    </Text>
  );
}
