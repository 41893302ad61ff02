import { List, Text } from '@mantine/core';

/** Errors from a submit handler, listed under the form (spec section 5). */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <List role="alert" size="sm" c="red" spacing={2}>
      {errors.map((e) => (
        <List.Item key={e}>
          <Text c="red" size="sm">
            {e}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
