import classes from './form-alert.module.css';
import { rem, Text } from './plain-ui';

/**
 * A form-level error (the server's message); field errors sit on their inputs instead.
 * Plain markup rather than Mantine's Alert: it sits on the login page's critical path.
 */
export function FormAlert({ message, title }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <div className={classes.alert} role="alert">
      {title && (
        <Text size="sm" style={{ marginBottom: rem(2), fontWeight: 600 }}>
          {title}
        </Text>
      )}
      <Text size="sm">{message}</Text>
    </div>
  );
}
