// What the README and docs/ point at, for docs-paths.test.ts: repository paths, links, npm scripts.

/** The text without its fenced code blocks (commands, layouts drawn as text). */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
}

/**
 * Every backticked repository path: something with a slash and a file extension
 * (`src/main.tsx`), or a folder ending in a slash (`shared/`). Addresses (`/api/…`, `https://…`)
 * and patterns with a placeholder (`<id>`, `…`, `*`) are not paths.
 */
export function docPaths(markdown: string): string[] {
  const spans = [...prose(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return spans.filter(
    (span) =>
      span.includes('/') &&
      !span.startsWith('/') &&
      !/[\s<>…*:?=@#]/.test(span) &&
      (span.endsWith('/') || /\.[A-Za-z0-9-]+$/.test(span.slice(span.lastIndexOf('/') + 1))),
  );
}

/** Every script `npm run X` names, in prose and code blocks alike. */
export function docScripts(markdown: string): string[] {
  return [...markdown.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
}

/** Every relative link target (`[text](docs/api.md#anchor)` gives `docs/api.md`). */
export function docLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
}
