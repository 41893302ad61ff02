import { Button, Group } from '@mantine/core';
import { FormErrors } from './FormErrors.tsx';

/** The end of a form that has one action: its errors, then its submit button at the right. */
export function SubmitFooter(props: { errors: string[]; busy: boolean; label: string }) {
  return (
    <>
      <FormErrors errors={props.errors} />
      <Group justify="flex-end">
        <Button type="submit" loading={props.busy}>
          {props.label}
        </Button>
      </Group>
    </>
  );
}
