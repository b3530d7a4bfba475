// What a tree's rows show, as one string: two equal strings mean a redraw would change nothing
// a writer sees (labels, descriptions, icons, tooltips, menus, folding, click).
import * as vscode from 'vscode';

interface Tree {
  getChildren(item?: vscode.TreeItem): vscode.TreeItem[];
}

function textOf(value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  return 'value' in value ? value.value : value.label;
}

function rowOf(item: vscode.TreeItem): unknown[] {
  // A theme icon by its id and colour; a file icon by its address (both as JSON).
  const icon = item.iconPath instanceof vscode.ThemeIcon ? [item.iconPath.id, item.iconPath.color?.id] : item.iconPath;
  return [
    item.id,
    textOf(item.label),
    item.description,
    textOf(item.tooltip),
    item.contextValue,
    item.collapsibleState,
    icon,
    item.command?.command,
  ];
}

/** The rows of `tree` two levels down (a job, its record and previews; a branch and its previews). */
export function rowsShown(tree: Tree): string {
  const walk = (items: vscode.TreeItem[], depth: number): unknown[] =>
    items.map((item) => [rowOf(item), depth > 0 && item.collapsibleState ? walk(tree.getChildren(item), depth - 1) : []]);
  return JSON.stringify(walk(tree.getChildren(), 2));
}
