/**
 * `npm run practitioner -- <email> [--project <id>] [--remove]`: the email is the one argument
 * that is neither a flag nor the value after --project.
 */
export function practitionerArguments(args: readonly string[]) {
  const projectIndex = args.indexOf('--project');
  const project = projectIndex > -1 ? args[projectIndex + 1] : undefined;
  const email = args.find(
    (arg, index) => !arg.startsWith('--') && (projectIndex === -1 || index !== projectIndex + 1),
  );
  return { email, project, remove: args.includes('--remove') };
}
