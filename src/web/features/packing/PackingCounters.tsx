import { Group, Text } from '@mantine/core';
import { useManifestProgress } from '../manifests/useManifestProgress.ts';
import classes from '../scan-mode/scan-mode.module.css';

/**
 * The live counters of packing mode: the total as one big line, and one chip per
 * component with packed/required, red while something is missing.
 */
export function PackingCounters({ manifestId }: { manifestId: string }) {
  const { rows, totals, isPending } = useManifestProgress(manifestId);
  if (isPending) return <Text c="gray.4">Loading the counters…</Text>;
  return (
    <div data-testid="packing-counters">
      {totals.required > 0 ? (
        <Text fw={700} size="lg" aria-live="polite" data-testid="packing-total">
          {totals.packed} of {totals.required} packed · {totals.missing} missing
        </Text>
      ) : (
        <Text size="sm" c="gray.4">
          No requirements: every scanned item is packed.
        </Text>
      )}
      {rows.length > 0 && (
        <Group gap={6} mt={4} className={classes.chips} component="ul" aria-label="Per component">
          {rows.map((row) => {
            const done = row.required !== null && row.missing === 0;
            return (
              <li
                key={row.componentId}
                className={classes.chip}
                data-state={row.missing > 0 ? 'missing' : done ? 'done' : 'extra'}
                data-component={row.componentName}
              >
                {row.componentName}{' '}
                <strong>
                  {row.packed}/{row.required ?? 0}
                </strong>
              </li>
            );
          })}
        </Group>
      )}
    </div>
  );
}
