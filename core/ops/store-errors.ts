import type { Store, StoreSession } from '../store/index.ts';
import { storeErrors } from './metrics.ts';

// The served store, with every failed call counted in machimi_store_errors_total by kind of call. The calls are
// passed through unchanged (same arguments, results and errors).

function counted<T>(call: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    storeErrors.inc({ call });
    throw error;
  });
}

export function countStoreErrors(store: Store): Store {
  const session: StoreSession = {
    query: (sql, params) => counted('query', store.query(sql, params)),
    queryArrays: (sql, params) => counted('query', store.queryArrays(sql, params)),
    exec: (sql) => counted('exec', store.exec(sql)),
    copyOut: (select) => counted('copy', store.copyOut(select)),
    bulkLoad: (table, columns, rows) => counted('bulk_load', store.bulkLoad(table, columns, rows)),
  };
  const copyOutBytes = store.copyOutBytes?.bind(store);
  if (copyOutBytes) session.copyOutBytes = (select) => counted('copy', copyOutBytes(select));
  return {
    ...session,
    kind: store.kind,
    health: store.health,
    transaction: (fn) => counted('transaction', store.transaction(fn)),
    close: () => store.close(),
    ...(store.listen ? { listen: store.listen.bind(store) } : {}),
  };
}
