// The range picker: three presets and a custom pair of days (both included). Presets are
// counted back from today in UTC; the extension turns `to` into the API's exclusive end.
import * as l10n from '@vscode/l10n';
import type { RangeChoice } from '../../visitors/protocol';
import { checkCustomRange, type Preset, presetLabel, presetRange, todayUtc } from '../../visitors/date-range';
import { button, el } from './dom';

export interface RangePicker {
  root: HTMLElement;
  update(range: RangeChoice | undefined): void;
}

function dayInput(label: string, form: HTMLFormElement): HTMLInputElement {
  const wrap = el('label', 'day-field', label);
  const input = el('input', 'input');
  input.type = 'date';
  input.required = true;
  wrap.append(input);
  form.append(wrap);
  return input;
}

export function createRangePicker(choose: (range: RangeChoice) => void): RangePicker {
  const root = el('section', 'range');
  root.setAttribute('aria-label', l10n.t('Date range'));

  const presets = el('div', 'range-presets');
  presets.setAttribute('role', 'group');
  presets.setAttribute('aria-label', l10n.t('Preset ranges'));
  const presetButtons = new Map<Preset, HTMLButtonElement>();
  for (const preset of ['7d', '30d', '90d'] as const) {
    const b = button(presetLabel(preset), () => choose(presetRange(preset, todayUtc())), ['button', 'toggle']);
    b.setAttribute('aria-pressed', 'false');
    presetButtons.set(preset, b);
    presets.append(b);
  }

  const form = el('form', 'range-custom');
  form.setAttribute('aria-label', l10n.t('Custom range'));
  form.noValidate = true; // our own message says what is wrong, in words that fit
  form.append(el('span', 'range-custom-label', l10n.t('Custom:')));
  const from = dayInput(l10n.t({ message: 'From', args: [], comment: ['Label of the first day of a range'] }), form);
  const to = dayInput(l10n.t({ message: 'To (included)', args: [], comment: ['Label of the last day of a range'] }), form);
  const apply = el('button', ['button', 'secondary'], l10n.t('Apply'));
  apply.type = 'submit';
  form.append(apply);
  const problem = el('p', 'range-problem');
  problem.id = 'range-problem';
  problem.setAttribute('role', 'alert');
  problem.hidden = true;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const today = todayUtc();
    const why = checkCustomRange(from.value, to.value, today);
    problem.textContent = why ?? '';
    problem.hidden = why === undefined;
    for (const input of [from, to]) {
      if (why) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (why) input.setAttribute('aria-describedby', problem.id);
    }
    if (!why) choose({ preset: 'custom', from: from.value, to: to.value });
  });

  root.append(presets, form, problem);
  let shownKey = '';

  function update(range: RangeChoice | undefined): void {
    const today = todayUtc();
    from.max = today;
    to.max = today;
    for (const [preset, b] of presetButtons) b.setAttribute('aria-pressed', String(range?.preset === preset));
    const custom = range?.preset === 'custom';
    form.classList.toggle('active', custom);
    form.setAttribute('aria-label', custom ? l10n.t('Custom range (current)') : l10n.t('Custom range'));
    // Only a new range overwrites the day fields, not a progress update mid-typing.
    const key = range ? `${range.from}/${range.to}` : '';
    if (range && key !== shownKey) {
      from.value = range.from;
      to.value = range.to;
      problem.hidden = true;
    }
    shownKey = key;
  }

  return { root, update };
}
