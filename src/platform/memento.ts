/** The part of vscode.Memento the plain-Node modules need, plus a machine-wide lock. */
export interface Memento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
  /**
   * Runs `change` alone (on the whole machine, where the store is shared), with get()
   * answering what is stored now, other processes' writes included, so a read-change-write
   * inside never loses theirs. A failed change fails its caller only.
   */
  exclusive<T>(change: () => Promise<T>): Promise<T>;
}
