// Keys named as the editor itself names them in the writer's language. A key combination in a
// translated sentence, setting or walkthrough page is spelled as VS Code's language pack labels
// that binding in menus and the Keyboard Shortcuts editor (vs/base/common/keybindingLabels):
// the modifiers translated (German STRG and UMSCHALTTASTE, Spanish Mayús, French Maj), the key's
// own name never (Enter in every language). The Mac shows symbols (⌘), so its combination is
// written as the English writes it. A key named alone in a sentence uses the word the language
// pack's own sentences use for it.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleStrings, manifestStrings, readManifest, repoRoot, shippedLanguages } from '../support/manifest';

type Language = (typeof shippedLanguages)[number] | 'en';

/** The modifiers' short labels in VS Code's language packs, on Windows and Linux. */
const modifierLabels: Partial<Record<Language, Record<string, string>>> = {
  de: { ctrl: 'STRG', shift: 'UMSCHALTTASTE', alt: 'ALT' },
  es: { ctrl: 'Ctrl', shift: 'Mayús', alt: 'Alt' },
  fr: { ctrl: 'Ctrl', shift: 'Maj', alt: 'Alt' },
};
const englishLabels: Record<string, string> = { ctrl: 'Ctrl', shift: 'Shift', alt: 'Alt', cmd: 'Cmd', enter: 'Enter' };

/** A key named alone in a sentence ("press Enter"), as the language pack's sentences name it. */
const keyInProse: Partial<Record<Language, string>> = { de: 'Eingabetaste', es: 'Entrar', fr: 'Entrée' };
const namesOfEnter = ['Enter', 'Entrée', 'Entrar', 'Intro', 'Eingabetaste', 'EINGABETASTE', 'Return'];

/** `ctrl+shift+enter` as the editor labels it in `language`; a Mac binding as the English writes it. */
function label(binding: string, language: Language, mac: boolean): string {
  const labels = { ...englishLabels, ...(mac ? {} : modifierLabels[language]) };
  return binding
    .split('+')
    .map((part) => labels[part] ?? part.charAt(0).toUpperCase() + part.slice(1))
    .join('+');
}

function allowedCombinations(language: Language): Set<string> {
  const bindings = readManifest<{ contributes: { keybindings: Array<{ key: string; mac?: string }> } }>().contributes.keybindings;
  return new Set(bindings.flatMap((b) => [label(b.key, language, false), ...(b.mac ? [label(b.mac, language, true)] : [])]));
}

/** Every text a writer reads in `language`: the code's sentences, the manifest's strings and the walkthrough's pages. */
function textsIn(language: Language): Array<{ where: string; text: string }> {
  const folder = join(repoRoot, 'media/walkthrough');
  const suffix = language === 'en' ? /^[a-z-]+\.md$/ : new RegExp(`\\.nls\\.${language}\\.md$`);
  const nls = language === 'en' ? undefined : language;
  return [
    ...Object.values(bundleStrings(nls)).map((text) => ({ where: 'bundle', text })),
    ...Object.entries(manifestStrings(nls)).map(([key, text]) => ({ where: key, text })),
    ...readdirSync(folder)
      .filter((name) => suffix.test(name))
      .map((name) => ({ where: name, text: readFileSync(join(folder, name), 'utf8') })),
  ];
}

// Latin letters only, so a Korean particle after a combination ("Ctrl+Enter로") is not read as part of it.
const letter = 'A-Za-zÀ-ÖØ-öø-ÿ';
const combination = new RegExp(`(?<![${letter}])[${letter}]+(?:\\+[${letter}]+)+`, 'g');
const aloneName = new RegExp(`(?<![${letter}])(?:${namesOfEnter.join('|')})(?![${letter}])`, 'g');

describe('keys named as the editor names them in the writer’s language', () => {
  it('names in English only the combinations package.json binds', () => {
    const allowed = allowedCombinations('en');
    const wrong = textsIn('en').flatMap(({ where, text }) =>
      (text.match(combination) ?? []).filter((c) => !allowed.has(c)).map((c) => `${where}: ${c}`),
    );
    assert.deepEqual(wrong, []);
    assert.ok(
      textsIn('en').some(({ text }) => text.includes('Ctrl+Enter')),
      'the English names Ctrl+Enter somewhere',
    );
  });

  for (const language of shippedLanguages) {
    const allowed = allowedCombinations(language);
    it(`spells every key combination in ${language} as the editor does (${[...allowed].join(', ')})`, () => {
      const wrong = textsIn(language).flatMap(({ where, text }) =>
        (text.match(combination) ?? []).filter((c) => !allowed.has(c)).map((c) => `${where}: ${c}`),
      );
      assert.deepEqual(wrong, [], `${language}: combinations the editor spells otherwise`);
    });

    it(`names the Enter key alone in ${language} as the editor’s sentences do (${keyInProse[language] ?? 'Enter'})`, () => {
      const own = keyInProse[language] ?? 'Enter';
      const wrong = textsIn(language).flatMap(({ where, text }) =>
        (text.replace(combination, ' ').match(aloneName) ?? []).filter((name) => name !== own).map((name) => `${where}: ${name}`),
      );
      assert.deepEqual(wrong, [], `${language}: the Enter key named otherwise`);
    });
  }
});
