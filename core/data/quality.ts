import { invalidParameter } from '../errors.ts';
import { parameterDefault, readSpec, specFiles } from '../spec.ts';
import type { SceneLight } from '../store/index.ts';

// Which verbalization a point serves under a quality policy. One verbalization per point: `released` takes the
// highest released version; `include_experimental` released (version descending) then experimental (version
// descending); `experimental_only` experimental only; an explicit generation overrides the policy.

export type Quality = 'released' | 'include_experimental' | 'experimental_only';

/** The policy when a request names none: the place-lookup spec's default for `quality`. */
export const DEFAULT_QUALITY = parameterDefault(
  readSpec(specFiles.placeLookup),
  'list_scenes_nearby',
  'quality',
) as Quality;

export interface QualityPolicy {
  requested: Quality;
  generation: string | null;
  experimental_included: boolean;
}

const released = 1;
const experimental = 2;

export interface PolicyChooser {
  policy: QualityPolicy;
  // Index into light.generationIds of the verbalization to serve for a light row, or -1 when none matches.
  pick: (row: number) => number;
}

// generationIds are ordered by version ascending, so walking them backwards visits the highest version first.
function pickByStatus(light: SceneLight, statuses: number[]): (row: number) => number {
  const columns = light.statusByGeneration;
  return (row) => {
    for (const status of statuses) {
      for (let g = columns.length - 1; g >= 0; g--) if (columns[g]?.[row] === status) return g;
    }
    return -1;
  };
}

const hasExperimental = new WeakMap<Uint8Array, boolean>();

function includesExperimental(column: Uint8Array): boolean {
  let known = hasExperimental.get(column);
  if (known === undefined) {
    known = column.includes(experimental);
    hasExperimental.set(column, known);
  }
  return known;
}

export function choosePolicy(light: SceneLight, requested: Quality, generation: string | null): PolicyChooser {
  if (generation !== null) {
    const g = light.generationIds.indexOf(generation);
    if (g < 0) {
      throw invalidParameter(
        'generation',
        `Unknown generation ${JSON.stringify(generation)}; known: ${light.generationIds.join(', ')} (see GET /v1/generations)`,
      );
    }
    const column = light.statusByGeneration[g] as Uint8Array;
    return {
      policy: { requested, generation, experimental_included: includesExperimental(column) },
      pick: (row) => ((column[row] ?? 0) > 0 ? g : -1),
    };
  }
  const statuses =
    requested === 'released'
      ? [released]
      : requested === 'experimental_only'
        ? [experimental]
        : [released, experimental];
  return {
    policy: { requested, generation: null, experimental_included: requested !== 'released' },
    pick: pickByStatus(light, statuses),
  };
}
