/** License, provenance and notes of the synthetic demo release (all say: synthetic). */
import type { License, ProvenanceNode } from '../release/types.ts';
import { GEN1 } from './generations.ts';

export const DEMO_LICENSE: License = {
  schema_version: 1,
  id: 'machimi-demo-synthetic-1.0',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
  policy_version: '2026-11',
  summary:
    'これは合成デモデータ（架空の都市「湊浜市」）であり、実在の場所・写真・観察ではない。観察文は生成器が作成した合成テキストで、CC0 として自由に利用できる。',
  summary_en:
    'Synthetic demo data (the fictional city of Minatohama): no real place, photo or observation. The observation text was produced by a generator and is CC0.',
  obligations: {
    use_in_results: ['合成データであることを表示する（display that the data is synthetic）'],
    display_or_quote_records: ['引用時に「合成デモデータ」と明記する（state "synthetic demo data" when quoting）'],
    redistribute_as_data: ['制約なし（CC0）。ただし実在のデータとして再配布しない（do not present it as real data）'],
  },
  notices: [
    '合成データ: 画像ID・座標・観察文・変化・施設・学校はすべて生成器が作った架空のものです。',
    'Synthetic data: image ids, coordinates, observations, changes, amenities and schools are all generated and fictional.',
    '記録がないことは、実世界に存在しないことを意味しません。',
  ],
  layers: { observation: 'CC0-1.0', mapillary_reference: 'CC-BY-SA-4.0', public_sector: 'CC-BY-4.0' },
  linked_only: {
    photo:
      '写真そのものは配布しない。image_page のリンク先は合成IDのため実在しない（synthetic ids; the linked pages do not exist）。',
  },
  attribution: '合成デモデータ（machimi demo generator）',
  attribution_en: 'Synthetic demo data (machimi demo generator)',
  public_sector_sources: [
    { name: '合成の町丁・字境界（2020年国勢調査小地域の形式を模したもの）', license: 'CC0-1.0', url: null },
    { name: '合成の小学校一覧', license: 'CC0-1.0', url: null },
  ],
  mapillary: 'https://www.mapillary.com',
  ui_requirements: [
    '結果を表示する画面には「合成デモデータ」であることを明示すること。',
    '写真はリンク（image_page）でのみ示すこと。',
  ],
  ui_requirements_en: [
    'Screens showing results must say that the data is synthetic demo data.',
    'Show photos only as links (image_page).',
  ],
};

export function provenanceNodes(releaseId: string): ProvenanceNode[] {
  const node = (id: string, kind: ProvenanceNode['kind'], label: string, from: string[]): ProvenanceNode => ({
    id,
    kind,
    label,
    uri: null,
    sha256: null,
    derived_from: from,
  });
  return [
    node('src-synthetic-city', 'source', '合成都市ジオメトリ（湊浜市）', []),
    node('proc-scene-sampling', 'process', '合成シーンの配置', ['src-synthetic-city']),
    node(GEN1.id, 'generation', `観察生成 ${GEN1.id}（${GEN1.model}, ${GEN1.promptVersion}）`, ['proc-scene-sampling']),
    node(`ds-${releaseId}`, 'dataset', `リリース ${releaseId}`, [GEN1.id]),
  ];
}

export const NOTES = {
  provenanceScope: '来歴チェーンは第1世代（gen1）の観察のみを記録し、第2世代（gen2）には適用されない（合成デモ）。',
  verificationMethod:
    '変化は反証の試み（adversarial refutation）で検証し、観察は抜き取り照合で確認した（いずれも合成値）。',
  governance:
    '世代は released / experimental / deprecated の状態を持つ。既定の世代は最新の released 世代で、観察ごとの状態で品質ポリシーが選ぶ（合成デモ）。',
  countingNotes: {
    source: 'リリース作成時に固定した値で、リクエストごとに数え直さない。',
    quarantine:
      '撮影時刻が異常な（epoch_anomaly）シーンは隔離し、processed_total と machine_feature_rows 以外の数と年の範囲から除く。',
    search_vs_release: '検索やカバレッジの件数は品質ポリシーと範囲で絞られるため、これらの総数とは一致しない。',
  },
  sources: {
    synthetic: 'このリリースは合成デモデータ（demo generator）で、実在の都市・写真・観察を含まない。',
    city: '架空の沿岸都市「湊浜市」（北緯34.6度・東経135.0度付近、南が海、西に丘陵と島）。',
    generator: 'npm run demo-release で決定的に生成（同じシードと件数なら同じバイト列）。',
  },
} as const;
