import { z } from 'zod';
import {
  DEFAULT_TOKEN_DAYS,
  TOKEN_SCOPES,
  createServiceTokenBody,
  createTokenBody,
  type CreatedToken,
} from '../../../common/schemas/api-token.ts';
import { FormFrame, useSchemaForm } from '../../components/forms/FormFrame.tsx';
import { SelectField, TextField, type SelectOption } from '../../components/forms/fields.tsx';
import type { FormDialogProps } from '../../components/forms/index.ts';

export const SCOPE_LABELS: Record<(typeof TOKEN_SCOPES)[number], string> = {
  read: 'Read only',
  'read-write': 'Read and write',
};
const SCOPE_OPTIONS = TOKEN_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }));
const EXPIRY_DAYS = ['30', String(DEFAULT_TOKEN_DAYS), '365'];

const schema = z
  .object({
    name: createTokenBody.shape.name,
    scope: createTokenBody.shape.scope,
    expiry: z.string({ error: 'Expiry is required' }).min(1, 'Expiry is required'),
    role: createServiceTokenBody.shape.role.nullable(),
    client_id: z.string().nullable(),
  })
  .refine((v) => v.role !== 'client' || v.client_id, {
    message: 'Client is required for a client token',
    path: ['client_id'],
  });
type Values = z.output<typeof schema>;

const days = (expiry: string) => (expiry === 'never' ? null : Number(expiry));

/**
 * "New token": a name, what it may do and how long it lives; for a service token (admins)
 * also the role it plays and, for a client token, the client.
 */
/** What the form hands back: a personal token's body, plus role and client for a service one. */
export interface TokenFormBody {
  name: string;
  scope: (typeof TOKEN_SCOPES)[number];
  expires_in_days: number | null;
  role?: 'staff' | 'client';
  client_id?: string;
}

export default function CreateTokenForm(
  props: {
    /** Set for a service token: the clients a client token may belong to. */
    service: { clients: SelectOption[] } | null;
    mayNeverExpire: boolean;
    save: (body: TokenFormBody) => Promise<CreatedToken>;
  } & FormDialogProps<CreatedToken>,
) {
  const service = props.service;
  const form = useSchemaForm(schema, {
    name: '',
    scope: 'read',
    expiry: service ? 'never' : String(DEFAULT_TOKEN_DAYS),
    role: service ? 'staff' : null,
    client_id: null,
  });
  const expiryOptions = [
    ...EXPIRY_DAYS.map((d) => ({ value: d, label: `${d} days` })),
    ...(props.mayNeverExpire ? [{ value: 'never', label: 'Never' }] : []),
  ];
  const save = (values: Values) =>
    props.save({
      name: values.name,
      scope: values.scope,
      expires_in_days: days(values.expiry),
      ...(service ? { role: values.role ?? 'staff' } : {}),
      ...(service && values.role === 'client' && values.client_id
        ? { client_id: values.client_id }
        : {}),
    });
  return (
    <FormFrame
      form={form}
      schema={schema}
      save={save}
      close={props.close}
      submitLabel="Create token"
    >
      <TextField
        form={form}
        path="name"
        label="Name"
        required
        autoComplete="off"
        description="What uses it, e.g. Invoicing"
        first
      />
      <SelectField form={form} path="scope" label="Access" required options={SCOPE_OPTIONS} />
      <SelectField
        form={form}
        path="expiry"
        label="Expires after"
        required
        options={expiryOptions}
      />
      {service && (
        <>
          <SelectField
            form={form}
            path="role"
            label="Role"
            required
            options={[
              { value: 'staff', label: 'Staff' },
              { value: 'client', label: 'Client user' },
            ]}
          />
          <SelectField
            form={form}
            path="client_id"
            label="Client"
            description="A client token sees only this client’s items"
            options={service.clients}
          />
        </>
      )}
    </FormFrame>
  );
}
