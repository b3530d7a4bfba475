// The bridge VS Code injects into webview pages. acquireVsCodeApi may be called only once.
interface VsCodeApi {
  postMessage(message: import('../../visitors/protocol').FromPage): void;
  getState(): import('../../visitors/protocol').PageState | undefined;
  setState(state: import('../../visitors/protocol').PageState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;
