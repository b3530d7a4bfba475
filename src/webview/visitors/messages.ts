// Recognises the extension's messages. Anything else posted to the window (other frames,
// extensions of the browser, older page versions) is ignored.
import type { ToPage } from '../../analytics/protocol';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isToPage(data: unknown): data is ToPage {
  if (!isObject(data)) return false;
  switch (data.type) {
    case 'loading':
      return isObject(data.range) && typeof data.pagesRead === 'number';
    case 'data':
      return isObject(data.view) && Array.isArray(data.view.table) && Array.isArray(data.view.chart);
    case 'page':
      return isObject(data.page) && Array.isArray(data.chart);
    case 'error':
      return typeof data.message === 'string' && Array.isArray(data.actions);
    case 'trendCost':
      return typeof data.requests === 'number';
    case 'trend':
      return typeof data.pagePath === 'string' && Array.isArray(data.weeks);
    default:
      return false;
  }
}
