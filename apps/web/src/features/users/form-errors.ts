export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** zod issues as form errors: the first message per field path ("a.b"), as the schema wrote it. */
export function issuesToErrors(issues: readonly SchemaIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** Applies translate to every message, e.g. the domain's English texts to the user's language. */
export function mapErrors(errors: Record<string, string>, translate: (text: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, text]) => [path, translate(text)]));
}

/** The API names fields by their path in the request ("body.user.email", "user.email"); the form by its own. */
export function serverFieldErrors(fields: Record<string, string>, entity: string): Record<string, string> {
  const prefix = new RegExp(`^(body\\.)?(${entity}\\.)?`);
  return Object.fromEntries(Object.entries(fields).map(([path, text]) => [path.replace(prefix, ''), text]));
}
