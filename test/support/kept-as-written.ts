/** What a translation must keep character for character: placeholders, codicons, command links and `code`. */
export const keptAsWritten = (text: string): string[] =>
  (text.match(/\{\d+\}|\$\([^)]*\)|\]\((?:command:|https:)[^)]*\)|`[^`]*`/g) ?? []).sort();
