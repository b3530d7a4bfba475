// Commenting on a line of the agent's change in its diff, as a writer does: the gutter's + beside
// the line (a glyph shows as the mouse comes by), the remark typed, Add Comment.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { Workbench } from './workbench';

/** Comments on the line holding `text` on one side of the diff; resolves to the thread once it is a draft. */
export async function commentOnDiffLine(
  workbench: Workbench,
  side: 'original' | 'modified',
  text: string,
  remark: string,
): Promise<Locator> {
  const editor = workbench.page
    .locator(`.monaco-editor.${side}-in-monaco-diff-editor`, { has: workbench.page.locator('.view-line', { hasText: text }) })
    .first();
  const line = editor.locator('.view-line', { hasText: text }).first();
  await line.scrollIntoViewIfNeeded();
  // The gutter is left of the text area (a line scrolled sideways starts further left than it).
  const [box, area] = await Promise.all([line.boundingBox(), editor.locator('.editor-scrollable').first().boundingBox()]);
  assert.ok(box && area);
  await workbench.page.mouse.move(area.x - 12, box.y + box.height / 2);
  await editor.locator('.comment-range-glyph.line-hover').click();
  const widget = workbench.page.locator('.review-widget', { has: workbench.page.locator('.comment-form') }).last();
  await widget.locator('.monaco-editor.focused').waitFor();
  await workbench.page.keyboard.type(remark);
  await widget.locator('.monaco-button', { hasText: 'Add Comment' }).click();
  const thread = workbench.page.locator('.review-widget', { hasText: remark });
  await thread.getByText('Draft: sent with your review').waitFor();
  return thread;
}
