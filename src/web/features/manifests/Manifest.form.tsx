import type { z } from 'zod';
import { manifestBody } from '../../../common/schemas/manifest.ts';
import { FormFrame, useDialogForm } from '../../components/forms/FormFrame.tsx';
import {
  DateField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  type InlineCreate,
  type SelectOption,
  type SelectOptions,
} from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

/** The contract's manifest body: name required, the due date not before the out date. */
const schema = manifestBody;
export type ManifestFormValues = z.input<typeof schema>;
export type ManifestFormBody = z.output<typeof schema>;

export interface ManifestFormProps extends FormDialogProps<unknown> {
  initial: ManifestFormValues;
  submitLabel: string;
  status: SelectOptions;
  clients: SelectOption[];
  createClient: InlineCreate;
  save: (body: ManifestFormBody) => Promise<unknown>;
}

/**
 * The manifest form (create and edit): name, note, type, the client it is for (whose
 * users then see it read-only) with an inline "Create a client", the dates the job
 * goes out and is due back, and the prep and turnaround days that widen its window.
 */
export default function ManifestForm(props: ManifestFormProps) {
  const { form, frame } = useDialogForm(schema, props.initial, props);
  return (
    <FormFrame {...frame} submitLabel={props.submitLabel}>
      <TextField form={form} path="name" label="Name" required autoComplete="off" first />
      <TextareaField form={form} path="note" label="Note" />
      <SelectField form={form} path="status" label="Type" options={props.status} />
      <SelectField
        form={form}
        path="client_id"
        label="Client"
        description="The client's users can see this manifest."
        options={props.clients}
        inlineCreate={props.createClient}
      />
      <DateField
        form={form}
        path="out_date"
        label="Out date"
        description="When the job goes out."
      />
      <DateField
        form={form}
        path="due_date"
        label="Due back"
        description="Past this date a job still out is overdue."
      />
      <NumberField
        form={form}
        path="prep_days"
        label="Prep days"
        description="Days before the out date to pack: the job holds its kit from then."
        min={0}
      />
      <NumberField
        form={form}
        path="turnaround_days"
        label="Turnaround days"
        description="Days after the due date to check it back in: held until then."
        min={0}
      />
    </FormFrame>
  );
}
