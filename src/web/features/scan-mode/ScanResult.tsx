import { Box, Group, Text } from '@mantine/core';
import { outcomeText } from './outcome-text.ts';
import type { ScanOutcome } from './scan-outcome.ts';
import classes from './scan-mode.module.css';

export interface ShownResult {
  /** Counts scans, so the same outcome twice in a row still reads as a new one. */
  seq: number;
  outcome: ScanOutcome;
  /** From the decoded frame to the answer, in ms (the "time per scan" of the tests). */
  handledMs: number;
}

/**
 * The last scan in large type on its outcome's colour (headline, item name or label
 * code, detail), announced to screen readers, with the few before it underneath.
 */
export function ScanResult({ result, older }: { result: ShownResult; older: ShownResult[] }) {
  const text = outcomeText(result.outcome);
  return (
    <Box>
      <Box
        className={classes.card}
        bg={text.color}
        role="status"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="scan-result"
        data-kind={result.outcome.kind}
        data-seq={result.seq}
        data-handled-ms={result.handledMs}
      >
        <Group gap={6} wrap="nowrap">
          <Text fw={800} size="lg" aria-hidden="true">
            {text.mark}
          </Text>
          <Text fw={800} size="lg">
            {text.headline}
          </Text>
        </Group>
        <div className={classes.subject}>{text.subject}</div>
        {text.detail && <Text size="sm">{text.detail}</Text>}
      </Box>
      {older.length > 0 && (
        <ul className={classes.recent} aria-label="Earlier scans">
          {older.map((r) => {
            const t = outcomeText(r.outcome);
            return (
              <li key={r.seq}>
                {t.headline}: {t.subject}
              </li>
            );
          })}
        </ul>
      )}
    </Box>
  );
}
