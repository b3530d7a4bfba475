// Small DOM builders. Everything is created element by element and text goes in through
// textContent, so nothing from the API is ever parsed as HTML (and the CSP stays strict).
// Numbers are written with `count` from platform/words, in the editor's display language.
import { count } from '../../platform/words';

/** CSS classes: one name, or several as a list (`['button', 'secondary']`). */
export type ClassNames = string | readonly string[];

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: ClassNames, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const names = (typeof className === 'string' ? [className] : (className ?? [])).filter((name) => name !== '');
  if (names.length > 0) node.className = names.join(' ');
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label: string, onClick: () => void, className: ClassNames = 'button'): HTMLButtonElement {
  const node = el('button', className, label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

/** One visitor figure with its legend mark, so human and AI differ by shape as well as colour. */
export function figure(kind: 'human' | 'ai' | 'total', label: string, value: number): HTMLElement {
  const root = el('div', ['figure', kind]);
  const name = el('span', 'figure-label');
  name.append(el('span', ['swatch', kind]), label);
  root.append(name, el('span', 'figure-value', count(value)));
  return root;
}

/**
 * Rebuilds a container, then puts focus back on the element with the same data-focus-key,
 * so a keyboard user does not lose their place when new data arrives.
 */
export function keepFocus(container: HTMLElement, render: () => void): void {
  const active = document.activeElement;
  const key = active instanceof HTMLElement && container.contains(active) ? active.dataset.focusKey : undefined;
  render();
  if (key === undefined) return;
  const again = container.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
  again?.focus();
}
