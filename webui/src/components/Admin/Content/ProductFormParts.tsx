import type { ReactNode } from 'react';
import type { ProductField, ProductFormStore } from '../../../stores/admin/ProductFormStore';
import { observer } from 'mobx-react-lite';

/** The refusal the server named this field for, under it. */
export const FieldError = observer(function FieldError({ store, field }: { store: ProductFormStore; field: ProductField }) {
  const message = store.errors.get(field);
  if (!message) return null;
  return (
    <p role="alert" className="text-xs font-normal text-red-600 dark:text-red-400" data-testid={`product-error-${field}`}>
      {message}
    </p>
  );
});

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
