interface FieldErrorProps {
  id: string;
  message: string | undefined;
}

/** The first server message for a field, shown under it (SPEC §5). Space is kept so forms don't jump. */
export function FieldError({ id, message }: FieldErrorProps) {
  return (
    <small id={id} className="form-field__error" role={message ? 'alert' : undefined}>
      {message ?? '\u00a0'}
    </small>
  );
}
