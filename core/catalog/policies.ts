// The data policies GET /v1 states, in English and Japanese (same order, one policy per entry). They restate the
// contract's honesty rules; the endpoint list is not here but read from the OpenAPI document.

export const serviceName = 'machimi';

export const serviceDescriptionJa =
  '街路の写真（シーン）ごとに視覚言語モデルが書いた日本語の観察を、座標から引く読み取り専用の API。名前のある通りと町丁目のカルテ、年をまたいだ変化、自動販売機・トイレ・ベンチが写った撮影地点、小学校の位置も返す。';

export const policies = [
  'Zero results are HTTP 200 and mean not recorded in the served release, never absent in the real world.',
  'Observation text is Japanese (data_language ja). Scene ids are strings and must be kept as strings.',
  'One observation per scene under the quality policy (default released); an explicit generation overrides it; there is no automatic fallback.',
  'Quarantined scenes (anomalous capture time) are excluded from nearby searches and every statistic and are returned only by id.',
  'Changes are listed only when they survived an attempt to refute them (status supported) unless status is given; their coordinates are the road-group centre, not the changed object.',
  "Amenity coordinates and distances are where the photograph was taken; the amenity's position, presence and usability are not verified.",
  'Counts in /v1/meta are fixed at release time and are not recounted per request.',
  'The API is read-only: besides GET, only POST /amenities/search and POST /mcp exist.',
] as const;

export const policiesJa = [
  '結果が0件でも HTTP 200 で、配信中のリリースに記録がないことを意味する。現地に存在しないことは意味しない。',
  '観察文は日本語（data_language ja）。シーン id は文字列で、数値に変換してはならない。',
  '品質ポリシー（既定は released）に従い1シーンにつき1つの観察を返す。generation を指定するとそれが優先され、自動的な代替はしない。',
  '撮影時刻が異常な隔離シーンは近傍検索とすべての集計から除き、id を指定したときだけ返す。',
  '変化は反証の試みに耐えたもの（status supported）だけを既定で返す。座標は道路グループの中心で、変化した物の位置ではない。',
  '設備の座標と距離は写真の撮影地点のもの。設備そのものの位置・現存・利用可否は確認していない。',
  '/v1/meta の件数はリリース作成時に固定した値で、リクエストごとに数え直さない。',
  '読み取り専用の API で、GET のほかには POST /amenities/search と POST /mcp しかない。',
] as const;
