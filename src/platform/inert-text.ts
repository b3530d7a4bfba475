// Outside text (the service's answers, build logs, git, a site's files, what readers typed)
// shown where the editor would interpret it. Each function makes text inert for one kind of
// surface while a person still reads it as written: the editor's syntax is broken with an
// invisible character or its own escape, never by dropping or rewording anything.
//
// What the editor interprets (checked in the workbench of VS Code 1.99.3 and 1.139.1):
// - notification messages, progress notifications and an input box's prompt or validation
//   message turn `[label](https://…|command:…|file:…)` into a link that runs commands;
// - quick pick labels, descriptions and details, status bar text, CodeLens titles and an input
//   box's prompt draw `$(name)` as an icon;
// - a MarkdownString renders Markdown (appendText escapes it; see editor/markdown-text.ts).
// Modal dialogs, tree labels and descriptions, and plain-string tooltips show text as it is.

/** U+200B ZERO WIDTH SPACE: splits a syntax without changing what a person reads. */
const invisible = '\u200b';

/**
 * For text the editor scans for links (`[label](target)`): every `](` gets an invisible space
 * between its two characters, so no link can form, whatever the target's scheme.
 */
export function withoutLinks(text: string): string {
  return text.replace(/\]\(/g, `]${invisible}(`);
}

/**
 * For labels the editor scans for icons (`$(name)`, `$(name~spin)`): each is written with the
 * editor's own escape, `\$(name)`, which it shows as the literal `$(name)`. Only what would
 * become an icon is escaped, since the editor shows a backslash anywhere else.
 */
export function withoutIcons(text: string): string {
  return text.replace(/\$\((?=[A-Za-z0-9-]+(?:~[A-Za-z]+)?\))/g, '\\$(');
}

/** For an input box's prompt and validation message: both links and icons are read there. */
export function withoutLinksOrIcons(text: string): string {
  return withoutIcons(withoutLinks(text));
}
