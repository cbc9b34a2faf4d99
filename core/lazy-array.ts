// An array whose elements are made on first use. A nearby page's result objects cost ~100 µs at 50 items (decoding
// every summary from UTF-8), and the REST answer never reads them: it prints the page from bytes attached to the
// array (json/attached.ts) and only asks its length. MCP, JSON.stringify and tests read the elements as usual.
//
// Reading `length` or an own symbol property (the attached printer) does not make the elements; anything else does,
// once, and from then on the proxy forwards to a plain array holding them.

export function lazyArray<T>(length: number, make: () => T[]): T[] {
  const target: T[] = new Array(length);
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
  const untouched = (key: string | symbol) => !made && (key === 'length' || typeof key === 'symbol');
  return new Proxy(target, {
    get: (_, key) =>
      Reflect.get(untouched(key) && (key === 'length' || Object.hasOwn(target, key)) ? target : elements(), key),
    has: (_, key) => Reflect.has(elements(), key),
    ownKeys: () => Reflect.ownKeys(elements()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(elements(), key),
    set: (_, key, value) => Reflect.set(elements(), key, value),
    defineProperty: (_, key, descriptor) =>
      Reflect.defineProperty(typeof key === 'symbol' ? target : elements(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(elements(), key),
  });
}
