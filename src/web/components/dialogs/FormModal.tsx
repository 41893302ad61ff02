import { useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { FormBody } from './FormBody.tsx';
import type { FieldOption, FormField, FormModalOptions, FormValues } from './form-types.ts';
import { openDialog, type CloseDialog } from './queue.ts';

/** Nested create modals sit above the form modal (the modals manager uses 201). */
const NESTED_Z = 400;

/**
 * Opens a form in a modal. Escape or Cancel resolves with undefined; submit resolves
 * with onSubmit's result (or the values when there is no onSubmit).
 */
export function formModal<V extends FormValues = FormValues, R = V>(
  options: FormModalOptions<V, R>,
): Promise<R | undefined> {
  return openDialog<R>({
    // Escape is handled by FormDialog, so that it can leave it to a nested create modal.
    modal: { title: options.title, size: options.size ?? 'md', closeOnEscape: false },
    content: (close) => <FormDialog options={options} close={close} />,
  });
}

interface Nested {
  field: FormField;
  select: (option: FieldOption) => void;
}

function FormDialog<V extends FormValues, R>(props: {
  options: FormModalOptions<V, R>;
  close: CloseDialog<R>;
}) {
  const { options, close } = props;
  const [nested, setNested] = useState<Nested | null>(null);
  const container = useRef<HTMLDivElement>(null);

  // Escape closes this form only when the key was pressed inside it: with a create
  // modal open on top, focus is in that one and the Escape is its business.
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || nested) return;
      const target = event.target as HTMLElement | null;
      // Mantine marks an open dropdown's input so that Escape closes only the dropdown.
      if (target?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
      const dialog = container.current?.closest('[role="dialog"]');
      if (target === document.body || (target && dialog?.contains(target))) close(undefined);
    },
    { capture: true },
  );

  return (
    <div ref={container}>
      <FormBody
        fields={options.fields}
        initialValues={options.initialValues}
        submitLabel={options.submitLabel}
        cancelLabel={options.cancelLabel}
        onCancel={() => close(undefined)}
        onSubmit={async (values) => {
          const result = options.onSubmit
            ? await options.onSubmit(values as V)
            : (values as unknown as R);
          close(result);
        }}
        onCreate={(field, select) => setNested({ field, select })}
      />
      {nested?.field.create && (
        <Modal
          opened
          centered
          zIndex={NESTED_Z}
          size="sm"
          title={nested.field.create.label}
          closeButtonProps={{ 'aria-label': 'Close' }}
          onClose={() => setNested(null)}
        >
          <FormBody
            fields={nested.field.create.fields}
            submitLabel="Create"
            onCancel={() => setNested(null)}
            onSubmit={async (values) => {
              const option = await nested.field.create!.submit(values);
              nested.select(option);
              setNested(null);
            }}
          />
        </Modal>
      )}
    </div>
  );
}
