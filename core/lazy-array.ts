// An array whose elements are made on first use. A nearby page's result objects cost ~100 µs at 50 items (decoding
// every summary from UTF-8), and the REST answer never reads them: it prints the page from bytes attached to the
// array (json/attached.ts) and only asks its length. MCP, JSON.stringify and tests read the elements as usual.
//
// Reading `length`, an own symbol property (the attached printer) or a name arrays lack does not make the elements;
// anything else does, once, and from then on the proxy forwards to a plain array holding them.

const arrayPrototype = Array.prototype;
const isIndex = (key: string) => key.length > 0 && String(Number(key) >>> 0) === key;

/**
 * `prepare` sees the array behind the proxy first, to attach what must be there before anyone reads (an attached
 * printer): defining a property through the proxy costs ~10 µs, on the array itself next to nothing.
 */
export function lazyArray<T>(length: number, make: () => T[], prepare?: (target: T[]) => void): T[] {
  const target: T[] = new Array(length);
  prepare?.(target);
  let made = false;
  const elements = (): T[] => {
    if (!made) {
      made = true;
      const items = make();
      if (items.length !== length) throw new Error(`lazyArray: made ${items.length} elements, promised ${length}`);
      items.forEach((item, index) => {
        target[index] = item;
      });
    }
    return target;
  };
  // Keys whose answer needs no element: length, own symbols (an attached printer), and names an array does not have
  // (`then`, which every promise resolved with the array asks for).
  const untouched = (key: string | symbol) =>
    key === 'length' ||
    (typeof key === 'symbol' ? Object.hasOwn(target, key) : !(key in arrayPrototype) && !isIndex(key));
  return new Proxy(target, {
    get: (_, key) => Reflect.get(!made && untouched(key) ? target : elements(), key),
    has: (_, key) => Reflect.has(elements(), key),
    ownKeys: () => Reflect.ownKeys(elements()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(elements(), key),
    set: (_, key, value) => Reflect.set(elements(), key, value),
    defineProperty: (_, key, descriptor) =>
      Reflect.defineProperty(typeof key === 'symbol' ? target : elements(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(elements(), key),
  });
}
