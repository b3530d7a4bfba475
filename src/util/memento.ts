/** The part of vscode.Memento the plain-Node modules need (globalState in the extension). */
export interface Memento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}
