import { Loader2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import {
  FormProvider,
  useController,
  useFormState,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { Button, type ButtonProps } from './button';
import { showServerRefusal, type ServerFields } from './form-refusal';

interface FormProps<T extends FieldValues, Sent> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  /** `useForm`'s answer; `Sent` is what the schema makes of the values (trimmed, parsed). */
  form: UseFormReturn<T, unknown, Sent>;
  /**
   * Sends what was typed (checked by the form's schema first). A throw is the server's refusal:
   * each reason whose path `serverFields` names is put under that field, and the message and the
   * other reasons under `FormAlert`. Nothing typed is changed either way.
   */
  onSubmit: (values: Sent) => unknown;
  serverFields?: ServerFields<T>;
}

/**
 * Every form of the app (docs/architecture.md#forms): react-hook-form's state, checked by a zod
 * schema (`zodResolver`) before `onSubmit`, with the server's refusals shown where they belong.
 * The browser's own checks are off (`noValidate`): the schema's words are the ones shown.
 */
export function Form<T extends FieldValues, Sent = T>({
  form,
  onSubmit,
  serverFields,
  children,
  ...props
}: FormProps<T, Sent>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerRefusal(error, form, serverFields);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What `FormField` hands its control: react-hook-form's field props and the field's message. */
export type FormFieldProps<T extends FieldValues, N extends FieldPath<T>> = ControllerRenderProps<
  T,
  N
> & { error: string | undefined };

interface FormFieldOwnProps<T extends FieldValues, N extends FieldPath<T>, Sent> {
  /** The form's control: it types `name` and what `render` is given. */
  control: Control<T, unknown, Sent>;
  name: N;
  /** The control, given the field's value, handlers and message: `<TextInput {...field} />`. */
  render: (field: FormFieldProps<T, N>) => ReactNode;
}

/**
 * One field of a `Form`. The app's inputs (`TextInput`, `Textarea`, `Select`, `Checkbox`…) take
 * what it gives as they are: value, onChange, onBlur, name, ref and the message under the field.
 * Only this field draws again as it is typed in.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>, Sent = T>({
  control,
  name,
  render,
}: FormFieldOwnProps<T, N, Sent>) {
  const { field, fieldState } = useController({ control, name });
  return <>{render({ ...field, error: fieldState.error?.message })}</>;
}

/** The refusal of the form's last submit that no field shows: its message and other reasons. */
export function FormAlert({ className }: { className?: string }) {
  const { errors } = useFormState();
  // What `showServerRefusal` set: react-hook-form keeps `types` on a root error as on any other.
  const server = errors.root?.server as { message?: string; types?: object } | undefined;
  if (!server?.message) return null;
  const details = Object.values(server.types ?? {}).filter(
    (text): text is string => typeof text === 'string',
  );
  return (
    <div
      role="alert"
      className={
        className ??
        'rounded-xl border-2 border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger'
      }
    >
      <p className="font-semibold">{server.message}</p>
      {details.length ? (
        <ul className="mt-1 list-disc pl-5">
          {details.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The form's submit button: busy, with a spinner, while `onSubmit` runs. */
export function FormSubmit({ children, disabled, ...props }: ButtonProps) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" disabled={disabled || isSubmitting} {...props}>
      {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {children}
    </Button>
  );
}
