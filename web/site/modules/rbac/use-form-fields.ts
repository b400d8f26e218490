import { useState, type ChangeEvent } from "react";
import type { RbacStringKey } from "./strings.js";
import { useRbac } from "./use-rbac.js";
import { clearError, hasErrors, validate, type FieldErrors } from "./validation.js";

/**
 * The text fields of one account form: their values, their errors (a field's error goes once it
 * is edited), and `check()`, which validates them all before the form is sent.
 */
export function useFormFields<F extends string>(
  initial: Record<F, string>,
  checks: (values: Record<F, string>) => Record<F, RbacStringKey | undefined>,
) {
  const { t } = useRbac();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** A Mantine input's props for this field: name, value, change handler and translated error. */
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setErrors(clearError(name));
    },
    error: errors[name] && t(errors[name]!),
  });

  /** Shows every failing field's message; true when the form may be sent. */
  const check = (): boolean => {
    const found = validate(checks(values));
    setErrors(found);
    return !hasErrors(found);
  };

  return { values, field, check, reset: () => setValues(initial) };
}
