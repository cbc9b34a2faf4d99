import type { ChangeFieldNotes } from '../../generated/place-lookup/types.gen.ts';
import type { QualityPolicy } from '../data/quality.ts';

// How to read change fields (field_notes) and the honesty note of change responses, in Japanese like the data.

export const sceneIdsNote =
  'scene_ids_a と scene_ids_b は常に null です。このリリースのデータには、比較に使った写真の id が含まれていないためです。';

export const zeroChangesNote =
  '条件に合う変化の記録はありません。記録がないことは、現地で何も変化しなかったことを意味しません。';

function qualityNote(policy: QualityPolicy | null): string {
  const rule = '変化は観察の世代に依存しないため、quality と generation は検証するだけで結果を絞り込みません。';
  if (!policy) return `${rule}この詳細エンドポイントはどちらも受け付けません。`;
  const given = policy.generation === null ? `quality=${policy.requested}` : `generation=${policy.generation}`;
  return `${rule}このリクエストの ${given} は quality_policy に示すだけです。`;
}

/** `verificationMethod` is the release's own statement (manifest.verification_method). */
export function changeFieldNotes(verificationMethod: string, policy: QualityPolicy | null): ChangeFieldNotes {
  return {
    segment_priority_score:
      '道路区間の点検優先度を示す目安（ヒューリスティック）で、変化そのものの危険度ではありません。多くの行で null です。',
    change_position:
      'lat / lon は道路グループの中心で、変化した物の位置ではありません。distance_m はその中心までの距離です。',
    verification: `${verificationMethod}status=supported は反証の試みに耐えた変化です。方法・判定・限界は GET /v1/changes/{change_id} の verification にあります。`,
    quality: qualityNote(policy),
    scene_ids: sceneIdsNote,
  };
}

export function composeChangesNote(count: number | null): string {
  return count === 0 ? `${zeroChangesNote} ${sceneIdsNote}` : sceneIdsNote;
}
