import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** The end of a sign-in screen's form: why the last try failed, then the full-width submit button. */
export function FormSubmit({
  failure,
  loading,
  children,
}: {
  failure: string | null;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" fullWidth loading={loading}>
        {children}
      </Button>
    </>
  );
}
