import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A filter that is on or off, shown as a pressed/unpressed button beside a list's search
 * ("Needs attention", "Inspection due"): red when on, so a narrowed list is plain to see.
 */
export function ToggleFilter(props: {
  value: boolean;
  onChange: (value: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={props.value ? 'filled' : 'default'}
      color={props.value ? 'red.9' : undefined}
      aria-pressed={props.value}
      onClick={() => props.onChange(!props.value)}
    >
      {props.children}
    </Button>
  );
}
