// Recognises the extension's messages. Anything else posted to the window (other frames,
// extensions of the browser, older page versions) is ignored.
import type { ToPage } from '../../visitors/protocol';
import { isRecord } from '../../platform/checks';

export function isToPage(data: unknown): data is ToPage {
  if (!isRecord(data)) return false;
  switch (data.type) {
    case 'loading':
      return isRecord(data.range) && typeof data.pagesRead === 'number';
    case 'data':
      return isRecord(data.view) && Array.isArray(data.view.table) && Array.isArray(data.view.chart);
    case 'page':
      return isRecord(data.page) && Array.isArray(data.chart);
    case 'error':
      return typeof data.message === 'string' && Array.isArray(data.actions);
    case 'trendCost':
      return typeof data.requests === 'number';
    case 'trend':
      return typeof data.pagePath === 'string' && Array.isArray(data.weeks);
    case 'said':
      return isRecord(data.state);
    default:
      return false;
  }
}
