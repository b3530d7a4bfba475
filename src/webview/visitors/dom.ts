// Small DOM builders. Everything is created element by element and text goes in through
// textContent, so nothing from the API is ever parsed as HTML (and the CSP stays strict).

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label: string, onClick: () => void, className = 'button'): HTMLButtonElement {
  const node = el('button', className, label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

export function count(n: number): string {
  return n.toLocaleString();
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** One visitor figure with its legend mark, so human and AI differ by shape as well as colour. */
export function figure(kind: 'human' | 'ai' | 'total', label: string, value: number): HTMLElement {
  const root = el('div', `figure ${kind}`);
  const name = el('span', 'figure-label');
  name.append(el('span', `swatch ${kind}`), label);
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
