// An input box that checks what the writer entered before it closes: a step of a short guided
// flow (Connect), with a button beside the box (open the page where the value is found) and a
// problem shown under the box, so the writer corrects it in place instead of starting over.
// Like say.ts, it makes every message inert: a problem may quote the service's words.
import * as vscode from 'vscode';
import { withoutIcons, withoutLinksOrIcons } from '../platform/inert-text';
import { messageOf } from '../platform/checks';

export interface InputButton {
  icon: vscode.ThemeIcon;
  tooltip: string;
  /** What the button does; it may say something new under the box (its prompt). */
  run: (box: { setPrompt(prompt: string): void }) => void;
}

export interface CheckedInputOptions {
  title: string;
  step?: number;
  totalSteps?: number;
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  buttons?: InputButton[];
  /** A problem to show when the box opens (what the last check said). */
  problem?: string;
  /** A problem with the value as typed (its form), shown while typing; undefined when fine. */
  validate?: (value: string) => string | undefined;
  /** Checks the value on Enter; a problem keeps the box open and shows it; undefined closes it. */
  accept?: (value: string) => Promise<string | undefined>;
}

/** The value the writer entered and the check accepted; undefined when they closed the box. */
export function askChecked(options: CheckedInputOptions): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = withoutIcons(options.title);
  box.step = options.step;
  box.totalSteps = options.totalSteps;
  box.prompt = withoutLinksOrIcons(options.prompt);
  box.placeholder = options.placeholder;
  box.value = options.value ?? '';
  box.password = options.password ?? false;
  box.ignoreFocusOut = true;
  box.buttons = (options.buttons ?? []).map((b) => ({ iconPath: b.icon, tooltip: withoutIcons(b.tooltip) }));
  const show = (problem: string | undefined): void => {
    box.validationMessage = problem === undefined ? undefined : withoutLinksOrIcons(problem);
  };
  show(options.problem);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: string | undefined): void => {
      if (done) return;
      done = true;
      for (const d of subscriptions) d.dispose();
      box.dispose();
      resolve(value);
    };
    const subscriptions = [
      box.onDidChangeValue((value) => show(options.validate?.(value))),
      box.onDidTriggerButton((button) =>
        options.buttons?.[box.buttons.indexOf(button)]?.run({ setPrompt: (prompt) => (box.prompt = withoutLinksOrIcons(prompt)) }),
      ),
      box.onDidAccept(async () => {
        const value = box.value;
        const formProblem = options.validate?.(value);
        if (formProblem !== undefined || box.busy) return show(formProblem);
        box.busy = true;
        box.enabled = false;
        const problem = await (options.accept?.(value) ?? Promise.resolve(undefined)).catch((error: unknown) => messageOf(error));
        box.busy = false;
        box.enabled = true;
        if (problem === undefined) finish(value);
        else show(problem);
      }),
      box.onDidHide(() => finish(undefined)),
    ];
    box.show();
  });
}
