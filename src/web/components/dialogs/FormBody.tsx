import { useEffect, useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormErrors } from '../FormErrors.tsx';
import type {
  FieldOption,
  FieldOptionGroup,
  FieldValue,
  FormField,
  FormValues,
  InlineCreate,
} from './form-types.ts';

/** Above the modals (the manager's is 201, nested ones 400), so dropdowns show on top. */
const DROPDOWN_Z = 1000;

/**
 * Mantine's light-scheme error red (red.6) and description grey (gray.6) fall below the
 * WCAG AA 4.5:1 contrast for small text; these shades pass.
 */
const READABLE = {
  error: { color: 'var(--mantine-color-red-9)' },
  description: { color: 'var(--mantine-color-gray-7)' },
};

function emptyValue(field: FormField): FieldValue {
  switch (field.type) {
    case 'select':
      return null;
    case 'checkbox':
      return false;
    case 'number':
      return field.min ?? '';
    default:
      return '';
  }
}

function isEmpty(value: FieldValue): boolean {
  return value === null || value === false || (typeof value === 'string' && value.trim() === '');
}

export function initialFormValues(fields: FormField[], given: Partial<FormValues> = {}) {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = given[field.name] ?? emptyValue(field);
  return values;
}

/** Rule of spec section 5: an empty required field says "{label} is required". */
export function validateFields(fields: FormField[], values: FormValues) {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? null;
    if (field.required && isEmpty(value)) errors[field.name] = `${field.label} is required`;
    else if (field.type === 'number' && typeof value === 'number' && field.min !== undefined) {
      if (value < field.min) errors[field.name] = `${field.label} must be at least ${field.min}`;
    }
    const extra = errors[field.name] ? null : field.validate?.(value, values);
    if (extra) errors[field.name] = extra;
  }
  return errors;
}

export interface FormBodyProps {
  fields: FormField[];
  initialValues?: Partial<FormValues>;
  submitLabel?: string;
  cancelLabel?: string;
  /** Throw to list the message under the form and keep it open. */
  onSubmit: (values: FormValues) => Promise<void>;
  onCancel: () => void;
  /** Opens the small create modal of a select field (rendered by the caller). */
  onCreate?: (field: FormField, select: (option: FieldOption) => void) => void;
}

/**
 * The fields, the submit errors and the buttons of a form modal. A native <form>, so
 * Enter in a field submits; textareas keep Enter for new lines.
 */
export function FormBody(props: FormBodyProps) {
  const { fields } = props;
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Options made by an inline create, per field, shown after the given ones.
  const [created, setCreated] = useState<Record<string, FieldOption[]>>({});
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialFormValues(fields, props.initialValues),
    validate: (values) => validateFields(fields, values),
  });

  const submit = form.onSubmit(async (values) => {
    setErrors([]);
    setBusy(true);
    try {
      await props.onSubmit(values);
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  });

  const renderField = (field: FormField, index: number) => {
    const common = {
      label: field.label,
      description: field.description,
      placeholder: field.placeholder,
      required: field.required,
      autoComplete: field.autoComplete,
      styles: READABLE,
      'data-autofocus': index === 0 ? true : undefined,
    };
    switch (field.type) {
      case 'textarea':
        return (
          <Textarea
            {...common}
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps(field.name)}
          />
        );
      case 'password':
        return <PasswordInput {...common} {...form.getInputProps(field.name)} />;
      case 'number':
        return <NumberInput {...common} min={field.min} {...form.getInputProps(field.name)} />;
      case 'checkbox':
        return (
          <Checkbox
            label={field.label}
            description={field.description}
            styles={READABLE}
            {...form.getInputProps(field.name, { type: 'checkbox' })}
          />
        );
      case 'select':
        return (
          <SelectField
            field={field}
            extra={created[field.name] ?? []}
            inputProps={{ ...common, ...form.getInputProps(field.name) }}
            onCreate={
              field.create && props.onCreate
                ? () =>
                    props.onCreate!(field, (option) => {
                      setCreated((c) => ({
                        ...c,
                        [field.name]: [...(c[field.name] ?? []), option],
                      }));
                      form.setFieldValue(field.name, option.value);
                    })
                : undefined
            }
          />
        );
      default:
        return (
          <TextInput {...common} type={field.type ?? 'text'} {...form.getInputProps(field.name)} />
        );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {fields.map((field, index) => (
          <div key={field.name}>{renderField(field, index)}</div>
        ))}
        <FormErrors errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={busy}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button type="submit" loading={busy}>
            {props.submitLabel ?? 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Choices a field's `search` found for what was typed, a moment after typing stops. They
 * add up, so a chosen one stays listed (and shown) when the user types something else.
 */
function useFoundOptions(field: FormField, typed: string, given: FieldOptionList) {
  const [found, setFound] = useState<FieldOption[]>([]);
  useEffect(() => {
    const search = field.search;
    if (!search || !typed.trim()) return;
    let current = true;
    const timer = setTimeout(() => {
      search(typed.trim()).then(
        (options) => {
          if (!current) return;
          setFound((before) => {
            const known = new Set(before.map((o) => o.value));
            return [...before, ...options.filter((o) => !known.has(o.value))];
          });
        },
        () => undefined, // a failed search just finds nothing more
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [field, typed]);
  const listed = new Set(
    given.flatMap((o) => ('items' in o ? o.items.map((i) => i.value) : [o.value])),
  );
  return found.filter((o) => !listed.has(o.value));
}

type FieldOptionList = Array<FieldOption | FieldOptionGroup>;

function SelectField(props: {
  field: FormField;
  extra: FieldOption[];
  inputProps: Record<string, unknown>;
  onCreate?: () => void;
}) {
  const { field, extra } = props;
  const [typed, setTyped] = useState('');
  const given = [...(field.options ?? []), ...extra];
  const data = [...given, ...useFoundOptions(field, typed, given)];
  return (
    <Stack gap={4}>
      <Select
        {...props.inputProps}
        data={data}
        clearable={!field.required}
        searchable
        onSearchChange={field.search ? setTyped : undefined}
        nothingFoundMessage="Nothing found"
        comboboxProps={{ zIndex: DROPDOWN_Z }}
      />
      {props.onCreate && (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={props.onCreate}>
          {(field.create as InlineCreate).label}
        </Anchor>
      )}
    </Stack>
  );
}
