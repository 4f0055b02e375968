import type { ReactNode } from 'react';
import type { ProductField, ProductFormStore } from '../../../stores/admin/ProductFormStore';
import { FormFieldError } from './FormFieldError';

/** The refusal the server named this field for, under it. */
export function FieldError({ store, field }: { store: ProductFormStore; field: ProductField }) {
  return <FormFieldError store={store} field={field} form="product" />;
}

/** A titled group of the form, with the error of the field it edits. */
export function FormGroup({ legend, store, field, children }: { legend: string; store: ProductFormStore; field?: ProductField; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={field && store.errors.has(field) ? true : undefined}>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{legend}</legend>
      {children}
      {field && <FieldError store={store} field={field} />}
    </fieldset>
  );
}
