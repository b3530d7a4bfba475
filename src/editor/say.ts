// The only doors to the editor's notifications, progress notes, input boxes and quick picks
// (the lint refuses the editor's own functions anywhere else). Messages here often carry outside
// text, a build log's line or a reader's path, so every one is made inert on the way out: a
// message can be worded freely and still never turn into a link that runs a command.
import * as vscode from 'vscode';
import { withoutIcons, withoutLinks, withoutLinksOrIcons } from '../platform/inert-text';

type Shown = <T extends string>(message: string, options: vscode.MessageOptions, ...items: T[]) => Thenable<T | undefined>;

function show<T extends string>(shown: Shown, message: string, rest: (T | vscode.MessageOptions)[]): Thenable<T | undefined> {
  const [first, ...others] = rest;
  const options: vscode.MessageOptions = typeof first === 'object' ? { ...first } : {};
  if (options.detail !== undefined) options.detail = withoutLinks(options.detail);
  const items = (typeof first === 'object' ? others : rest) as T[];
  return shown(withoutLinks(message), options, ...items);
}

export function showInfo<T extends string>(message: string, ...items: T[]): Thenable<T | undefined>;
export function showInfo<T extends string>(message: string, options: vscode.MessageOptions, ...items: T[]): Thenable<T | undefined>;
export function showInfo<T extends string>(message: string, ...rest: (T | vscode.MessageOptions)[]): Thenable<T | undefined> {
  return show<T>(vscode.window.showInformationMessage, message, rest);
}

export function showWarning<T extends string>(message: string, ...items: T[]): Thenable<T | undefined>;
export function showWarning<T extends string>(message: string, options: vscode.MessageOptions, ...items: T[]): Thenable<T | undefined>;
export function showWarning<T extends string>(message: string, ...rest: (T | vscode.MessageOptions)[]): Thenable<T | undefined> {
  return show<T>(vscode.window.showWarningMessage, message, rest);
}

/**
 * A modal question that opens unasked (an AI agent's request): its refusal is the button the
 * dialog focuses, so an Enter or a Space the writer meant for a page refuses instead of
 * approving. Undefined is a refusal (that button, the editor's Cancel, or Escape).
 */
export async function askUnprompted<T extends string>(
  message: string,
  detail: string,
  refusal: string,
  ...choices: T[]
): Promise<T | undefined> {
  // The editor focuses the first button that is not its Cancel (a close affordance would become
  // that Cancel, placed last): the refusal goes first as an ordinary button.
  const picked = await vscode.window.showWarningMessage(
    withoutLinks(message),
    { modal: true, detail: withoutLinks(detail) },
    refusal,
    ...choices,
  );
  return choices.find((choice) => choice === picked && picked !== refusal);
}

export function showErrorText<T extends string>(message: string, ...items: T[]): Thenable<T | undefined>;
export function showErrorText<T extends string>(message: string, options: vscode.MessageOptions, ...items: T[]): Thenable<T | undefined>;
export function showErrorText<T extends string>(message: string, ...rest: (T | vscode.MessageOptions)[]): Thenable<T | undefined> {
  return show<T>(vscode.window.showErrorMessage, message, rest);
}

/**
 * Progress in a notification (links are read there) or in the status bar (icons are read there);
 * the title and every reported message are made inert for where they show.
 */
export function withProgressNote<R>(
  options: vscode.ProgressOptions,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
): Thenable<R> {
  const inert = options.location === vscode.ProgressLocation.Notification ? withoutLinks : withoutLinksOrIcons;
  const title = options.title === undefined ? undefined : inert(options.title);
  return vscode.window.withProgress({ ...options, title }, (progress, token) =>
    task(
      { report: (value) => progress.report({ ...value, message: value.message === undefined ? undefined : inert(value.message) }) },
      token,
    ),
  );
}

/** An input box whose prompt and validation messages show outside text as written. */
export function askText(options: vscode.InputBoxOptions, token?: vscode.CancellationToken): Thenable<string | undefined> {
  const validate = options.validateInput?.bind(options);
  return vscode.window.showInputBox(
    {
      ...options,
      title: options.title === undefined ? undefined : withoutIcons(options.title),
      prompt: options.prompt === undefined ? undefined : withoutLinksOrIcons(options.prompt),
      validateInput: validate && (async (value: string) => inertValidation(await validate(value))),
    },
    token,
  );
}

type Validation = string | vscode.InputBoxValidationMessage | undefined | null;

function inertValidation(result: Validation): Validation {
  if (typeof result === 'string') return withoutLinksOrIcons(result);
  return result ? { ...result, message: withoutLinksOrIcons(result.message) } : result;
}

/** A quick pick item whose label, description and detail show outside text as written. */
export function inertPickItem<T extends vscode.QuickPickItem>(item: T): T {
  return {
    ...item,
    label: withoutIcons(item.label),
    description: item.description === undefined ? undefined : withoutIcons(item.description),
    detail: item.detail === undefined ? undefined : withoutIcons(item.detail),
  };
}

/** A quick pick of one item; the item picked is returned as the caller built it. */
export async function pickOne<T extends vscode.QuickPickItem>(
  items: readonly T[] | Thenable<readonly T[]>,
  options: vscode.QuickPickOptions = {},
  token?: vscode.CancellationToken,
): Promise<T | undefined> {
  const given = await items;
  const shown = given.map((item) => ({ ...inertPickItem(item), given: item }));
  const title = options.title === undefined ? undefined : withoutIcons(options.title);
  const picked = await vscode.window.showQuickPick(shown, { ...options, title, canPickMany: false }, token);
  return picked?.given;
}
