import type { QualityPolicy } from '../data/quality.ts';
import { SCENE_CANDIDATE_CAP } from '../geo/scene-index.ts';
import { composeNote } from '../notes.ts';

// Honesty notes of scenes nearby, scene detail and coverage, in Japanese like the data, built on core/notes.ts.

/** Fewer than this many scenes found (and more than none) is called sparse. */
export const sparseBelow = 5;

const sceneWord = '写真（シーン）';

export const sceneNotes = {
  truncated: `候補が上限の${SCENE_CANDIDATE_CAP.toLocaleString('en-US')}件に達したため、中心から遠い候補は除外されています（近い記録は残っています）。`,
  filteredOut:
    '半径内に写真はありますが、指定した撮影年または品質方針に合う観察記録がありません。quality=include_experimental や年の条件の変更で見つかる場合があります。',
  quarantined:
    'この写真は撮影時刻に異常があるため隔離（quarantined）されています。近傍検索と統計には含まれず、ID指定でのみ返されます。capture_time_quality を確認してください。',
  noVerbalization: (policy: QualityPolicy) =>
    `選択された品質方針（${policy.generation ?? policy.requested}）に合う観察記録はこの写真にありません。自動的な代替はしません。available_generations の世代を generation に指定するか、quality を変えてください。`,
  invalidAnalysis: '保存された解析結果（analysis）が壊れているため null です（analysis_status: invalid）。',
  unreadable: (n: number) => `${n}件の写真は観察記録を読み出せなかったため結果から省きました（データの不整合）。`,
} as const;

export function nearbyNote(parts: {
  count: number;
  limit: number;
  policy: QualityPolicy;
  candidateTruncated: boolean;
  anyWithin: boolean;
  unreadable: number;
}): string {
  const zero = parts.count === 0;
  const lines = [
    composeNote({
      zeroOf: zero ? sceneWord : null,
      policy: parts.policy,
      sparse: !zero && parts.count < Math.min(parts.limit, sparseBelow),
    }),
  ];
  if (zero && parts.anyWithin) lines.push(sceneNotes.filteredOut);
  if (parts.candidateTruncated) lines.push(sceneNotes.truncated);
  if (parts.unreadable > 0) lines.push(sceneNotes.unreadable(parts.unreadable));
  return lines.filter(Boolean).join(' ');
}

export function coverageNote(parts: { scenesTotal: number; policy: QualityPolicy; candidateTruncated: boolean }) {
  const zero = parts.scenesTotal === 0;
  const lines = [
    composeNote({
      zeroOf: zero ? sceneWord : null,
      policy: parts.policy,
      sparse: !zero && parts.scenesTotal < sparseBelow,
    }),
  ];
  if (parts.candidateTruncated) lines.push(sceneNotes.truncated);
  return lines.filter(Boolean).join(' ');
}

export function sceneDetailNote(parts: {
  policy: QualityPolicy;
  quarantined: boolean;
  hasVerbalization: boolean;
  invalidAnalysis: boolean;
}): string {
  const lines: string[] = [];
  if (parts.quarantined) lines.push(sceneNotes.quarantined);
  if (!parts.hasVerbalization) lines.push(sceneNotes.noVerbalization(parts.policy));
  if (parts.invalidAnalysis) lines.push(sceneNotes.invalidAnalysis);
  const policyNote = composeNote({ policy: parts.policy });
  if (policyNote) lines.push(policyNote);
  return lines.join(' ');
}
