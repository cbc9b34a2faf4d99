// The closed vocabularies of the release format (manifest and tables), kept apart so the row types of every table
// can share them without importing each other.
export type PositionSource = 'mapillary_computed' | 'mapillary_raw';
export type CaptureTimeQuality = 'ok' | 'epoch_anomaly' | 'unknown';
export type VerbalizationStatus = 'released' | 'experimental' | 'deprecated';
export type ChangeCategory = '設備' | '建物' | '区画線・標示' | '舗装' | '沿道用途' | '植栽' | 'その他';
export type ChangeStatus = 'supported' | 'refuted' | 'unverifiable' | 'withdrawn';
export type AmenityKind = 'vending_machine' | 'toilet' | 'bench';
