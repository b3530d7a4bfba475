// Chart, Table and Readers said as ARIA tabs: arrow keys move between tabs, Tab goes into the panel.
import * as l10n from '@vscode/l10n';
import { el } from './dom';

export type TabId = 'chart' | 'table' | 'said';

export interface Tabs {
  root: HTMLElement;
}

export function createTabs(
  panels: { id: TabId; label: string; panel: HTMLElement }[],
  initial: TabId,
  changed: (tab: TabId) => void,
): Tabs {
  const root = el('section', 'tabs');
  const list = el('div', 'tab-list');
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', l10n.t('Paths'));
  const tabs: HTMLButtonElement[] = [];

  for (const { id, label, panel } of panels) {
    const tab = el('button', 'tab', label);
    tab.type = 'button';
    tab.id = `tab-${id}`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', `panel-${id}`);
    tab.addEventListener('click', () => select(id, true));
    tabs.push(tab);
    list.append(tab);
    panel.id = `panel-${id}`;
    panel.classList.add('tab-panel');
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
  }

  function select(id: TabId, byUser: boolean): void {
    panels.forEach(({ id: other, panel }, i) => {
      const on = other === id;
      const tab = tabs[i];
      tab?.setAttribute('aria-selected', String(on));
      if (tab) tab.tabIndex = on ? 0 : -1;
      panel.hidden = !on;
    });
    if (byUser) changed(id);
  }

  list.addEventListener('keydown', (event) => {
    const at = tabs.findIndex((t) => t === document.activeElement);
    if (at < 0) return;
    const to =
      event.key === 'ArrowRight'
        ? at + 1
        : event.key === 'ArrowLeft'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    const index = (to + tabs.length) % tabs.length;
    const target = panels[index];
    if (!target) return;
    select(target.id, true);
    tabs[index]?.focus();
  });

  root.append(list, ...panels.map((p) => p.panel));
  select(initial, false);
  return { root };
}
