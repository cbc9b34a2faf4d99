import type { ByteWriter } from './byte-writer.ts';

// A list handed over together with the printer of its JSON. The REST envelope (core/http/envelope.ts) writes a
// PrintedList field with `print`, straight from bytes its maker keeps (a nearby page from the card columns,
// core/scenes/item-printer.ts); every other reader (MCP, JSON.stringify, tests) reads `items` as plain values.
// Whoever makes one promises that `print` writes exactly the UTF-8 of JSON.stringify(items); toJSON makes
// JSON.stringify of a body holding one print those same bytes.
//
// The items are made on first read only: a nearby page's 50 result objects cost ~100 µs (decoding every summary from
// UTF-8), and the REST answer never reads them, only `length`.

export type PrintJson = (writer: ByteWriter) => void;

export class PrintedList<Item> {
  readonly length: number;
  readonly print: PrintJson;
  #make: (() => Item[]) | undefined;
  #items: Item[] | undefined;

  constructor(length: number, make: () => Item[], print: PrintJson) {
    this.length = length;
    this.#make = make;
    this.print = print;
  }

  /** Items already made, printed by JSON.stringify. */
  static of<Item>(items: Item[]): PrintedList<Item> {
    return new PrintedList(
      items.length,
      () => items,
      (writer) => writer.text(JSON.stringify(items)),
    );
  }

  get items(): Item[] {
    if (this.#items === undefined) {
      const items = (this.#make as () => Item[])();
      if (items.length !== this.length) {
        throw new Error(`PrintedList: made ${items.length} items, promised ${this.length}`);
      }
      this.#items = items;
      this.#make = undefined;
    }
    return this.#items;
  }

  toJSON(): Item[] {
    return this.items;
  }
}

/** A body as plain values: each PrintedList field is its items. */
export type PlainValues<Body> = {
  [Key in keyof Body]: Body[Key] extends PrintedList<infer Item> ? Item[] : Body[Key];
};

/** The body itself when no field is a PrintedList, else a shallow copy with each one replaced by its items. */
export function plainValues<Body extends object>(body: Body): PlainValues<Body> {
  let plain: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (!(value instanceof PrintedList)) continue;
    plain ??= { ...body } as Record<string, unknown>;
    plain[key] = value.items;
  }
  return (plain ?? body) as PlainValues<Body>;
}
