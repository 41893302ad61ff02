import { z } from 'zod';
import { itemBody } from '../../../common/schemas/item.ts';
import { FormFrame, useDialogForm } from '../../components/forms/FormFrame.tsx';
import {
  SelectField,
  TextareaField,
  TextField,
  type InlineCreate,
  type SelectOption,
  type SelectOptions,
} from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

/** The contract's item body is the form's rule: lengths, one-line name, known type. */
const schema = itemBody;
export type ItemFormValues = z.input<typeof schema>;
export type ItemFormBody = z.output<typeof schema>;

export const CONDITION_OPTIONS: SelectOption[] = [
  { value: 'ok', label: 'OK' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'missing', label: 'Missing' },
];

/** A dropdown of another entity, with its inline "Create a …". */
export interface Reference {
  options: SelectOption[];
  create: InlineCreate;
}

export interface ItemFormProps<R> extends FormDialogProps<R> {
  initial: ItemFormValues;
  submitLabel: string;
  status: SelectOptions;
  client: Reference;
  location: Reference;
  component: Reference;
  manifest: Reference;
  container: { options: SelectOptions; search: (q: string) => Promise<SelectOption[]> };
  save: (body: ItemFormBody) => Promise<R>;
}

/**
 * The item form (create and edit): name, note, type, the client, location, component and
 * manifest dropdowns with their "Create a …", the container it is packed in and its
 * condition.
 */
export default function ItemForm(props: ItemFormProps<unknown>) {
  const { form, frame } = useDialogForm(schema, props.initial, props);
  const reference = (path: 'client_id' | 'location_id' | 'component_id' | 'manifest_id') => {
    const ref = {
      client_id: props.client,
      location_id: props.location,
      component_id: props.component,
      manifest_id: props.manifest,
    }[path];
    return { form, path, options: ref.options, inlineCreate: ref.create };
  };
  return (
    <FormFrame {...frame} submitLabel={props.submitLabel}>
      <TextField form={form} path="name" label="Name" first />
      <TextareaField form={form} path="note" label="Note" />
      <SelectField form={form} path="status" label="Type" options={props.status} />
      <SelectField label="Client" {...reference('client_id')} />
      <SelectField label="Location" {...reference('location_id')} />
      <SelectField label="Component" {...reference('component_id')} />
      <SelectField label="Manifest" {...reference('manifest_id')} />
      <SelectField
        form={form}
        path="container_id"
        label="Inside"
        placeholder="Not inside another item"
        description="The crate, pallet or rack it is packed in. Type to find any other item."
        options={props.container.options}
        search={props.container.search}
      />
      <SelectField
        form={form}
        path="condition"
        label="Condition"
        required
        options={CONDITION_OPTIONS}
      />
      <TextareaField
        form={form}
        path="condition_note"
        label="Condition note"
        description="What is wrong with it, when damaged."
      />
    </FormFrame>
  );
}
