import { z } from 'zod';
import {
  createMemberBody,
  PASSWORD_MIN_LENGTH,
  type Member,
} from '../../../common/schemas/member.ts';
import { MEMBER_ROLE_LABELS } from '../../../common/permissions.ts';
import { FormFrame, useSchemaForm } from '../../components/forms/FormFrame.tsx';
import {
  PasswordField,
  SelectField,
  TextField,
  type InlineCreate,
  type SelectOption,
} from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

const ROLE_OPTIONS = (['staff', 'admin', 'client'] as const).map((value) => ({
  value,
  label: MEMBER_ROLE_LABELS[value],
}));

/** The contract's fields, with the role the form asks for instead of is_admin/client_id. */
const schema = z
  .object({
    email: createMemberBody.shape.username,
    password: createMemberBody.shape.password,
    role: z.enum(['staff', 'admin', 'client'], { error: 'Role is required' }),
    client_id: z.string().nullable(),
  })
  .refine((v) => v.role !== 'client' || v.client_id, {
    message: 'Client is required for a client user',
    path: ['client_id'],
  });

/** The body the members call takes, from the form's values. */
function toBody(values: z.output<typeof schema>) {
  return {
    username: values.email,
    password: values.password,
    is_admin: values.role === 'admin',
    client_id: values.role === 'client' ? values.client_id : null,
  };
}
export type AddMemberBody = ReturnType<typeof toBody>;

/** "Add a Member": email, a first password, the role and, for client users, the client. */
export default function AddMemberForm(
  props: {
    clients: SelectOption[];
    createClient: InlineCreate['create'];
    save: (body: AddMemberBody) => Promise<Member>;
  } & FormDialogProps<Member>,
) {
  const form = useSchemaForm(schema, {
    email: '',
    password: '',
    role: 'staff',
    client_id: null,
  });
  return (
    <FormFrame
      form={form}
      schema={schema}
      save={(values) => props.save(toBody(values))}
      close={props.close}
      submitLabel="Add member"
    >
      <TextField
        form={form}
        path="email"
        label="Email"
        type="email"
        required
        autoComplete="off"
        first
      />
      <PasswordField
        form={form}
        path="password"
        label="Password"
        required
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters; they can change it later`}
      />
      <SelectField form={form} path="role" label="Role" required options={ROLE_OPTIONS} />
      <SelectField
        form={form}
        path="client_id"
        label="Client"
        description="Client users see only this client’s items"
        options={props.clients}
        inlineCreate={{ label: 'Create a client', create: props.createClient }}
      />
    </FormFrame>
  );
}
