import { Checkbox, Stack } from '@mantine/core';
import { z } from 'zod';
import { createWebhookBody } from '../../../common/schemas/webhook.ts';
import { ALL_WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from '../../../common/webhook-events.ts';
import { FormFrame, useDialogForm } from '../../components/forms/FormFrame.tsx';
import { TextField } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

const schema = z.object({
  url: createWebhookBody.shape.url,
  events: createWebhookBody.shape.events,
});
export type AddWebhookBody = z.output<typeof schema>;

/** "Add an endpoint": its URL and the event types it gets (all of them, or some). */
export default function AddWebhookForm(
  props: { save: (body: AddWebhookBody) => Promise<{ secret: string }> } & FormDialogProps<{
    secret: string;
  }>,
) {
  const { form, frame } = useDialogForm(schema, { url: '', events: [ALL_WEBHOOK_EVENTS] }, props);
  return (
    <FormFrame {...frame} submitLabel="Add endpoint">
      <TextField
        form={form}
        path="url"
        label="URL"
        required
        placeholder="https://example.com/yardkeep-events"
        first
      />
      <Checkbox.Group
        label="Events"
        withAsterisk
        {...form.getInputProps('events')}
        styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
      >
        <Stack gap={6} mt={6}>
          <Checkbox value={ALL_WEBHOOK_EVENTS} label="All events, including later ones" />
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={type} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormFrame>
  );
}
