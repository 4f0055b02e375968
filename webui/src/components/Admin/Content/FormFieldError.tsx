import { observer } from 'mobx-react-lite';

/** What the console forms' stores keep of a refusal: the message per field the server named. */
interface FieldErrors<F extends string> {
  errors: { get(field: F): string | undefined };
}

/** The refusal the server named this field for, under it; `testId` is `<form>-error-<field>`. */
export const FormFieldError = observer(function FormFieldError<F extends string>({ store, field, form }: { store: FieldErrors<F>; field: F; form: string }) {
  const message = store.errors.get(field);
  if (!message) return null;
  return (
    <p role="alert" className="text-xs font-normal text-red-600 dark:text-red-400" data-testid={`${form}-error-${field}`}>
      {message}
    </p>
  );
});
