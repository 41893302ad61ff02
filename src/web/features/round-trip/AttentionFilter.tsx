import { Button } from '@mantine/core';

/**
 * "Needs attention": a toggle beside the type filter that keeps only damaged and
 * missing items (with the search and the type, when set).
 */
export function AttentionFilter(props: { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <Button
      variant={props.value ? 'filled' : 'default'}
      color={props.value ? 'red.9' : undefined}
      aria-pressed={props.value}
      onClick={() => props.onChange(!props.value)}
    >
      Needs attention
    </Button>
  );
}
