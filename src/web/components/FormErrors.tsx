import { List, Text } from '@mantine/core';

/**
 * Errors from a submit handler, listed under the form. The alert role
 * sits on a wrapper so the list keeps its list semantics; red.9 meets AA contrast.
 */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert">
      <List size="sm" c="red.9" spacing={2}>
        {errors.map((e) => (
          <List.Item key={e}>
            <Text c="red.9" size="sm">
              {e}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
