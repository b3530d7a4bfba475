/** The part of vscode.Memento the plain-Node modules need, plus an optional machine-wide lock. */
export interface Memento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
  /**
   * Runs `change` alone on the whole machine, with get() answering what is stored now (other
   * processes' writes included), so a read-change-write inside never loses theirs. Absent
   * where one process is all there is (tests' in-memory memento).
   */
  exclusive?<T>(change: () => Promise<T>): Promise<T>;
}
