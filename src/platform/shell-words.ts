// A command the writer copies and pastes into a terminal, built so that no word of it can run
// anything. Every argument is quoted for POSIX shells (sh, bash, zsh, Git Bash on Windows): in
// single quotes nothing is expanded, and a `'` is written as `'\''`. A word is refused instead
// when some terminal would still read part of it as code: a single quote (straight or curly) ends
// a quoted word in PowerShell, VS Code's default terminal on Windows, and fish; cmd.exe has no
// quotes at all for `&`, `|`, `<` and `>`, and expands `%NAME%` inside any quotes (before it looks
// for `&` and `|`, so a variable's value could split the command). Without those, a single-quoted
// word is read literally by every one of them.

/** The word in POSIX single quotes, read back by the shell exactly as given. */
export function posixQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

// eslint-disable-next-line no-control-regex
const unsafe = /['\u2018-\u201b&|<>%\x00-\x1f\x7f]/;

/** Whether single quoting keeps `word` inert in every terminal above. */
export function isPasteSafe(word: string): boolean {
  return !unsafe.test(word);
}

/**
 * `program` (fixed words of our own) followed by every argument quoted, or undefined when an
 * argument cannot be pasted safely.
 */
export function pasteableCommand(program: string, args: readonly string[]): string | undefined {
  if (!args.every(isPasteSafe)) return undefined;
  return [program, ...args.map(posixQuote)].join(' ');
}
