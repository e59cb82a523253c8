/**
 * Checks what the Stripe stand-in answers and sends against the shapes in Stripe's OpenAPI
 * description for the API version the code is pinned to (gateway.ts STRIPE_API_VERSION).
 *
 * Where the shapes come from: the `stripe` package's type declarations are generated from
 * Stripe's OpenAPI description (the stripe/openapi repository; the package's OPENAPI_VERSION
 * file names the spec release, and its API version is the one pinned here), so each object
 * Stripe defines is a TypeScript type there: its fields, their types, their enums and which may
 * be null. The spec file itself (4.6 MB) is not vendored. Each object the stand-in gave is
 * written as a literal of its Stripe type and compiled: a field Stripe does not define in that
 * place, a wrong type, a value outside an enum, or null where Stripe never sends null fails.
 * Fields the stand-in leaves out are not flagged (it does not send all of Stripe's): the fields
 * the code reads are asserted present by the tests that read them.
 */
import path from 'node:path';
import ts from 'typescript';

export interface SentObject {
  /** Its type in the SDK's namespace: `Subscription`, `Checkout.Session`, `ApiList<Refund>`. */
  type: string;
  json: unknown;
}

const HEADER = `import type Stripe from 'stripe';
/** Any subset of T's fields, none other, each of its type. */
type Sent<T> = T extends readonly (infer U)[]
  ? Sent<U>[]
  : T extends object
    ? { [K in keyof T]?: Sent<T[K]> }
    : T;
`;

const typeOf = (name: string) =>
  name.replace(/([A-Z][\w.]*)/g, (each) =>
    each === 'ApiList' ? 'Stripe.ApiList' : `Stripe.${each}`,
  );

/** Each object that does not fit its Stripe type, with the compiler's reason. */
export function checkStripeShapes(objects: readonly SentObject[]): string[] {
  const file = path.join(import.meta.dirname, '__stripe_shapes__.ts');
  const text =
    HEADER +
    objects
      .map(
        (each, index) =>
          `export const object${index}: Sent<${typeOf(each.type)}> = ${JSON.stringify(each.json)};`,
      )
      .join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, text, language)
      : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? text : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : -1;
    const object = objects[where - (HEADER.split('\n').length - 1)];
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    return `${object?.type ?? 'header'}: ${message.slice(0, 600)}`;
  });
}
