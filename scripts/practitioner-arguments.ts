/**
 * `npm run practitioner -- <email> [--project <id> --site <url>] [--remove]`: the email is the
 * one argument that is neither a flag nor the value after --project or --site.
 */
export function practitionerArguments(args: readonly string[]) {
  const valueOf = (flag: string) => {
    const index = args.indexOf(flag);
    return index > -1 ? { index: index + 1, value: args[index + 1] } : undefined;
  };
  const project = valueOf('--project');
  const site = valueOf('--site');
  const email = args.find(
    (arg, index) => !arg.startsWith('--') && index !== project?.index && index !== site?.index,
  );
  return {
    email,
    project: project?.value,
    remove: args.includes('--remove'),
    ...(site && { site: site.value }),
  };
}
