/** A choice in a select field. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Choices under a heading, like the two status groups. */
export interface FieldOptionGroup {
  group: string;
  items: FieldOption[];
}

export type FieldValue = string | number | boolean | null;
export type FormValues = Record<string, FieldValue>;

/**
 * An inline "Create a client" link beside a select: it opens a small modal on top of the
 * form, creates the entity with `submit`, adds it to the choices and selects it.
 */
export interface InlineCreate {
  /** Link text and the small modal's title, e.g. "Create a client". */
  label: string;
  /** Usually one required Name field. */
  fields: FormField[];
  /** Creates the entity; the returned option is added and selected. Throw to show an error. */
  submit: (values: FormValues) => Promise<FieldOption>;
}

export interface FormField {
  /** Key in the submitted values. */
  name: string;
  /** Visible label; also used in "{label} is required". */
  label: string;
  /** Defaults to text. select values are strings, or null when nothing is chosen. */
  type?: 'text' | 'email' | 'password' | 'textarea' | 'number' | 'select' | 'checkbox' | 'date';
  /** An empty required field shows "{label} is required" and blocks submit. */
  required?: boolean;
  description?: string;
  placeholder?: string;
  autoComplete?: string;
  /** number: the smallest value allowed. */
  min?: number;
  /** select: the choices. */
  options?: Array<FieldOption | FieldOptionGroup>;
  /** select: an inline create link beside the dropdown. */
  create?: InlineCreate;
  /**
   * select: more choices found as the user types (too many to list up front), shown
   * after `options`.
   */
  search?: (query: string) => Promise<FieldOption[]>;
  /** More checks after "required"; return a message to block submit. */
  validate?: (value: FieldValue, values: FormValues) => string | null;
}

export interface FormModalOptions<V extends FormValues, R> {
  title: string;
  fields: FormField[];
  /** Starting values; fields without one start empty (text ''), null (select), false, or min. */
  initialValues?: Partial<NoInfer<V>>;
  /** Defaults to "Save". */
  submitLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /**
   * Called with the values on submit. While it runs the submit button spins; if it
   * throws, the message is listed under the form and the modal stays open. The dialog
   * then resolves with what it returned. Without it, the dialog resolves with the values.
   */
  onSubmit?: (values: V) => Promise<R> | R;
  size?: string;
}
