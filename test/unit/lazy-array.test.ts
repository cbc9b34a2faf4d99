import { describe, expect, it } from 'vitest';
import { lazyArray } from '../../core/lazy-array.ts';

function counted<T>(items: T[]) {
  const calls = { made: 0 };
  const array = lazyArray(items.length, () => {
    calls.made++;
    return items.map((item) => item);
  });
  return { array, calls };
}

describe('lazyArray', () => {
  it('answers length and own symbol properties without making its elements', () => {
    const { array, calls } = counted([{ a: 1 }, { a: 2 }]);
    const tag = Symbol('tag');
    Object.defineProperty(array, tag, { value: 'attached', enumerable: false });
    expect(array.length).toBe(2);
    expect((array as unknown as Record<symbol, string>)[tag]).toBe('attached');
    expect(Array.isArray(array)).toBe(true);
    expect(calls.made).toBe(0);
  });

  it('is returned from an async function without making its elements (a promise asks for `then`)', async () => {
    const { array, calls } = counted([1, 2]);
    const returned = await (async () => array)();
    expect(returned.length).toBe(2);
    expect(calls.made).toBe(0);
  });

  it.each([
    ['JSON.stringify', (array: { a: number }[]) => JSON.stringify(array)],
    ['index', (array: { a: number }[]) => array[1]],
    ['map', (array: { a: number }[]) => array.map((item) => item.a)],
    ['slice', (array: { a: number }[]) => array.slice(0, 1)],
    ['spread', (array: { a: number }[]) => [...array]],
    ['Object.keys', (array: { a: number }[]) => Object.keys(array)],
    ['in', (array: { a: number }[]) => 1 in array],
    ['structuredClone of a copy', (array: { a: number }[]) => structuredClone(Array.from(array))],
  ])('%s reads the elements, made once, as a plain array would give them', (_, read) => {
    const items = [{ a: 1 }, { a: 2 }];
    const { array, calls } = counted(items);
    expect(read(array)).toEqual(read(items));
    expect(read(array)).toEqual(read(items));
    expect(calls.made).toBe(1);
    expect(array).toEqual(items);
  });

  it('writes go to the made elements', () => {
    const { array } = counted([1, 2, 3]);
    array[0] = 9;
    array.push(4);
    expect([...array]).toEqual([9, 2, 3, 4]);
  });

  it('says so when the elements made are not as many as promised', () => {
    const array = lazyArray(2, () => [1]);
    expect(() => array[0]).toThrow(/made 1 elements, promised 2/);
  });
});
