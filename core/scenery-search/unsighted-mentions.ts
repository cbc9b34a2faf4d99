/**
 * The context rules under which a category word is read but states no sighting of the category, and is not denied
 * either (the thing may still be in the picture): a vehicle on the move for a standstill (moving-mentions.ts), a
 * paving material of another structure (material-mentions.ts), a mood qualifying one object's design
 * (design-mentions.ts), what the whole view is likened to (simile-mentions.ts), 山 as a heap (heap-mentions.ts), a
 * word inside a quoted street name (quoted-names.ts), light or sky stated as blocked (blocked-light-mentions.ts), 格子
 * as a cover's pattern (cover-mentions.ts), a bend or a road's end locating another thing (way-point-mentions.ts), a
 * potted flower for a wild one (cultivated-mentions.ts), a mountain's slope as the ground of houses
 * (slope-ground-mentions.ts), one shop or block of flats for a place of many (member-mentions.ts). Which rules apply
 * to a category is read from the catalogue once (its label and group), so a word costs a few array reads and, when its category is concerned, one sticky
 * regular expression at its end.
 */
import { statedBlocked } from './blocked-light-mentions.ts';
import type { CategoryCatalog } from './categories.ts';
import { namesCoverPattern } from './cover-mentions.ts';
import { grownInContainer, namesWildPlants } from './cultivated-mentions.ts';
import { MOOD_GROUP, qualifiesDesign } from './design-mentions.ts';
import { namesHeap } from './heap-mentions.ts';
import { namesStructureMaterial, SURFACE_GROUP } from './material-mentions.ts';
import { memberWordsOf, namesOneMember } from './member-mentions.ts';
import { labelsStandstill, statedMoving } from './moving-mentions.ts';
import { inQuotedName } from './quoted-names.ts';
import { likenedView } from './simile-mentions.ts';
import { namesSlopeGround } from './slope-ground-mentions.ts';
import { locatesByWayPoint } from './way-point-mentions.ts';

/** Whether the category word [start, end) of a lowercased NFKC text states no sighting of `category`. */
export type Unsighted = (category: number, text: string, start: number, end: number) => boolean;

export function unsightedMentions(catalog: CategoryCatalog): Unsighted {
  const standstill = catalog.categories.map((c) => labelsStandstill(c.label));
  const surface = catalog.categories.map((c) => c.group === SURFACE_GROUP);
  const mood = catalog.categories.map((c) => c.group === MOOD_GROUP);
  const members = catalog.categories.map((c) => memberWordsOf(c.label));
  const wild = catalog.categories.map((c) => namesWildPlants([c.label, ...c.synonyms]));
  return (category, text, start, end) => {
    if (standstill[category] && statedMoving(text, end)) return true;
    if (surface[category] && namesStructureMaterial(text, end)) return true;
    if (statedBlocked(text, start, end)) return true;
    if (wild[category] && grownInContainer(text, start)) return true;
    if (namesOneMember(members[category] ?? null, text, start, end)) return true;
    // A simile is how a mood is stated (昭和のような雰囲気); a mood only loses a word that styles one object.
    if (mood[category]) return qualifiesDesign(text, end);
    return (
      likenedView(text, end) ||
      namesHeap(text, start, end) ||
      namesCoverPattern(text, start, end) ||
      locatesByWayPoint(text, start, end) ||
      namesSlopeGround(text, start, end) ||
      inQuotedName(text, start, end)
    );
  };
}
