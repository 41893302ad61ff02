import { useEffect, useState } from 'react';
import {
  Anchor,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useNestedModal } from './FormFrame.tsx';
import { NameForm } from './NameForm.tsx';

/** Above the modals (the manager's is 201, nested ones 400), so dropdowns show on top. */
const DROPDOWN_Z = 1000;
/** Nested create modals sit above the form modal (the modals manager uses 201). */
const NESTED_Z = 400;

/**
 * Mantine's light-scheme error red (red.6) and description grey (gray.6) fall below the
 * WCAG AA 4.5:1 contrast for small text; these shades pass.
 */
const READABLE = {
  error: { color: 'var(--mantine-color-red-9)' },
  description: { color: 'var(--mantine-color-gray-7)' },
};

/** One input bound to one value of a typed form; the rules are the form's schema. */
export interface FieldProps<V> {
  form: UseFormReturnType<V>;
  path: keyof V & string;
  label: string;
  /** Marks the label; what is really required is the schema's to say. */
  required?: boolean;
  description?: string;
  placeholder?: string;
  autoComplete?: string;
  /** The first field of a form takes the focus when it opens. */
  first?: boolean;
}

function common<V>(props: FieldProps<V>) {
  return {
    label: props.label,
    description: props.description,
    placeholder: props.placeholder,
    required: props.required,
    autoComplete: props.autoComplete,
    styles: READABLE,
    'data-autofocus': props.first ? true : undefined,
    ...props.form.getInputProps(props.path),
  };
}

export function TextField<V>(props: FieldProps<V> & { type?: 'text' | 'email' }) {
  return <TextInput {...common(props)} type={props.type ?? 'text'} />;
}

export function PasswordField<V>(props: FieldProps<V>) {
  return <PasswordInput {...common(props)} />;
}

export function TextareaField<V>(props: FieldProps<V>) {
  return <Textarea {...common(props)} autosize minRows={3} maxRows={10} />;
}

/** A calendar date as YYYY-MM-DD (the browser's date input). */
export function DateField<V>(props: FieldProps<V>) {
  return <TextInput {...common(props)} type="date" />;
}

export function NumberField<V>(props: FieldProps<V> & { min?: number }) {
  return <NumberInput {...common(props)} min={props.min} />;
}

export interface SelectOption {
  value: string;
  label: string;
}
export type SelectOptions = Array<SelectOption | { group: string; items: SelectOption[] }>;

/**
 * An inline "Create a client" link beside a select: a small modal on top of the form
 * creates the entity by its name, adds it to the choices and selects it.
 */
export interface InlineCreate {
  /** Link text and the small modal's title, e.g. "Create a client". */
  label: string;
  create: (name: string) => Promise<{ id: string; name: string }>;
}

/**
 * Choices `search` found for what was typed, a moment after typing stops. They add up, so
 * a chosen one stays listed (and shown) when the user types something else.
 */
function useFoundOptions(
  search: ((query: string) => Promise<SelectOption[]>) | undefined,
  typed: string,
  given: SelectOptions,
) {
  const [found, setFound] = useState<SelectOption[]>([]);
  useEffect(() => {
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
  }, [search, typed]);
  const listed = new Set(
    given.flatMap((o) => ('items' in o ? o.items.map((i) => i.value) : [o.value])),
  );
  return found.filter((o) => !listed.has(o.value));
}

export function SelectField<V>(
  props: FieldProps<V> & {
    options: SelectOptions;
    inlineCreate?: InlineCreate;
    /** More choices found as the user types (too many to list up front), after `options`. */
    search?: (query: string) => Promise<SelectOption[]>;
  },
) {
  const [created, setCreated] = useState<SelectOption[]>([]);
  const [typed, setTyped] = useState('');
  const given = [...props.options, ...created];
  const found = useFoundOptions(props.search, typed, given);
  const [creating, setCreating] = useState(false);
  const setNested = useNestedModal();
  const open = (yes: boolean) => {
    setCreating(yes);
    setNested(yes);
  };
  const inline = props.inlineCreate;
  return (
    <Stack gap={4}>
      <Select
        {...common(props)}
        data={[...given, ...found]}
        clearable={!props.required}
        searchable
        onSearchChange={props.search ? setTyped : undefined}
        nothingFoundMessage="Nothing found"
        comboboxProps={{ zIndex: DROPDOWN_Z }}
      />
      {inline && (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => open(true)}>
          {inline.label}
        </Anchor>
      )}
      {inline && creating && (
        <Modal
          opened
          centered
          zIndex={NESTED_Z}
          size="sm"
          title={inline.label}
          closeButtonProps={{ 'aria-label': 'Close' }}
          onClose={() => open(false)}
        >
          <NameForm
            submitLabel="Create"
            save={inline.create}
            close={(made) => {
              if (made) {
                setCreated((c) => [...c, { value: made.id, label: made.name }]);
                props.form.setFieldValue(props.path, made.id as never);
              }
              open(false);
            }}
          />
        </Modal>
      )}
    </Stack>
  );
}
