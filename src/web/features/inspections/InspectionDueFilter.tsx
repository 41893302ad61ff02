import { Button } from '@mantine/core';

/**
 * "Inspection due": Home's toggle beside Needs attention (what is overdue or due today).
 * Its own file, so Home's first load does not carry the due list's code.
 */
export function InspectionDueFilter(props: { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <Button
      variant={props.value ? 'filled' : 'default'}
      color={props.value ? 'red.9' : undefined}
      aria-pressed={props.value}
      onClick={() => props.onChange(!props.value)}
    >
      Inspection due
    </Button>
  );
}
