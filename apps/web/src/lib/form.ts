import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

// The login box's forms (sign-up, activation, the password forms, the phone number reset) hold a few
// fields each: this small hook does for them what react-hook-form did, which with zod was 35 to 46 kB
// of gzip on every one of those pages (the login box's budget, scripts/check-login-bundle.mjs). The
// same behaviour: fields stay uncontrolled; nothing is checked before the first submit; a submit checks
// every field, shows the first problem of each and focuses the first field that has one; after it, a
// field's message follows what is typed into that field.

/** A form's fields and what each holds: a text, or a checkbox's state. */
export type FormValues<T> = { [K in keyof T]: string | boolean | undefined };

/** The first problem of each field, by field name; a valid field has none. */
export type Problems<T> = Partial<Record<keyof T & string, string>>;

export type FieldErrors<T> = Partial<Record<keyof T & string, { message: string }>>;

export interface FormOptions<T extends FormValues<T>, Out> {
  defaultValues: T;
  validate: (values: T) => Problems<T>;
  /** What a valid submit hands on (the values trimmed, normalised ...). */
  parse: (values: T) => Out;
}

/** What `register(name)` spreads onto an input (a Mantine input passes them to its element). */
export interface RegisteredField {
  name: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface Form<T extends FormValues<T>, Out> {
  register: (name: keyof T & string) => RegisteredField;
  handleSubmit: (
    onValid: (data: Out) => unknown,
  ) => (event?: Pick<FormEvent, 'preventDefault'>) => Promise<void>;
  errors: FieldErrors<T>;
  /** The values as typed so far. */
  values: T;
}

const readValue = (element: HTMLInputElement) =>
  element.type === 'checkbox' ? element.checked : element.value;

function writeValue(element: HTMLInputElement, value: string | boolean | undefined) {
  if (element.type === 'checkbox') element.checked = value === true;
  else if (element.value !== (value ?? '')) element.value = String(value ?? '');
}

const errorsOf = <T>(problems: Problems<T>): FieldErrors<T> => {
  const errors: FieldErrors<T> = {};
  for (const [name, message] of Object.entries(problems) as [keyof T & string, string | undefined][]) {
    if (message) errors[name] = { message };
  }
  return errors;
};

export function useForm<T extends FormValues<T>, Out = T>({
  defaultValues,
  validate,
  parse,
}: FormOptions<T, Out>): Form<T, Out> {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const current = useRef<T>(values);
  const elements = useRef(new Map<string, HTMLInputElement>());
  // The fields in the order the form first showed them.
  const names = useRef(new Set<keyof T & string>());
  const submitted = useRef(false);
  // The latest rules (a password's minimum length arrives with the server's configuration).
  const rules = useRef({ validate, parse });
  rules.current = { validate, parse };

  const setValue = useCallback((name: keyof T & string, value: string | boolean) => {
    current.current = { ...current.current, [name]: value };
    setValues(current.current);
    if (!submitted.current) return;
    const message = rules.current.validate(current.current)[name];
    setErrors((previous) => {
      if (previous[name]?.message === message) return previous;
      const next = { ...previous };
      if (message) next[name] = { message };
      else delete next[name];
      return next;
    });
  }, []);

  const register = (name: keyof T & string): RegisteredField => {
    names.current.add(name);
    return {
      name,
      ref: (element) => {
        if (!element) {
          elements.current.delete(name);
          return;
        }
        elements.current.set(name, element);
        // A field without a value yet (one the form shows later) starts from what its element holds; a
        // field shown again (a step back, an option switched off and on) gets what was typed into it.
        if (current.current[name] === undefined)
          current.current = { ...current.current, [name]: readValue(element) };
        else writeValue(element, current.current[name]);
      },
      onChange: (event) => setValue(name, readValue(event.target)),
    };
  };

  const handleSubmit: Form<T, Out>['handleSubmit'] = (onValid) => async (event) => {
    event?.preventDefault();
    submitted.current = true;
    const problems = rules.current.validate(current.current);
    setErrors(errorsOf(problems));
    if (Object.values(problems).some(Boolean)) {
      const invalid = [...names.current].find((name) => problems[name] && elements.current.has(name));
      if (invalid !== undefined) elements.current.get(invalid)?.focus();
      return;
    }
    await onValid(rules.current.parse(current.current));
  };

  return { register, handleSubmit, errors, values };
}
