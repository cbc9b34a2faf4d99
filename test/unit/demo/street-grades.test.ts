// Named streets of every grade: the B-D grades and a street without a karte show on streets, not only town blocks.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import { planCity } from '../../../core/demo/city-plan.ts';
import { MIN_EDGE_SCENES } from '../../../core/demo/plan.ts';
import { loadDemo } from './demo-fixture.ts';

const GRADES = ['A', 'B', 'C', 'D'] as const;

describe('demo named streets', () => {
  it('of the test release include every grade, and grade D streets without a karte', async () => {
    const { rows } = await loadDemo();
    const named = rows.streets.filter((street) => street.name.length > 0);
    for (const grade of GRADES)
      expect(
        named.some((street) => street.coverage_grade === grade),
        grade,
      ).toBe(true);
    const without = named.filter((street) => street.karte === null);
    expect(without.length).toBeGreaterThan(0);
    for (const street of named) expect(street.karte === null, street.name).toBe(street.coverage_grade === 'D');
  });

  // Generating the default city takes minutes; its plan takes a second and already bounds the grades: a street of
  // fewer than 18 scenes can only be D, one of a single capture year never B or A, one of two years never A
  // (core/demo/profile.ts gradeOf, core/demo/streets-sparse.ts).
  it('of the default city are planned thin enough for D, at most C and at most B', () => {
    const { demoScenes, demoSeed } = parseConfig({});
    const { streets } = planCity(demoSeed, demoScenes);
    const shapes = streets.list.map((street) => {
      const passes = street.edges.flatMap((plan) => plan.passes);
      return {
        scenes: passes.reduce((sum, pass) => sum + pass.count, 0),
        years: new Set(passes.map((pass) => pass.year)).size,
      };
    });
    const onlyD = shapes.filter((shape) => shape.scenes < 18);
    const atMostC = shapes.filter((shape) => shape.scenes >= 18 && shape.years === 1);
    const atMostB = shapes.filter((shape) => shape.scenes >= 30 && shape.years === 2);
    for (const group of [onlyD, atMostC, atMostB]) expect(group.length).toBeGreaterThanOrEqual(5);
    expect(onlyD.every((shape) => shape.scenes === MIN_EDGE_SCENES)).toBe(true);
    expect(shapes.filter((shape) => shape.scenes >= 100 && shape.years >= 3).length).toBeGreaterThan(shapes.length / 2);
  });
});
