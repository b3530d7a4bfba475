// The bridge VS Code injects into webview pages. acquireVsCodeApi may be called only once.
interface VsCodeApi {
  postMessage(message: import('../../analytics/protocol').FromPage): void;
  getState(): import('../../analytics/protocol').PageState | undefined;
  setState(state: import('../../analytics/protocol').PageState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;
