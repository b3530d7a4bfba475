// Code that loads the first time it is needed: the first call starts the load, every call shares
// it, and a load that failed is tried again on the next call rather than failing for good.

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
