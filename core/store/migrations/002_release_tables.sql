-- One table per release row type, keyed by (release_id, natural key). Columns mirror the top-level properties of
-- core/release/schemas/<table>.schema.json; nested objects are jsonb. Ids are text: scene ids exceed 2^53.
-- Timestamps inside rows stay text so they are served exactly as the release wrote them.
-- No foreign keys to releases: ingest writes the release row and its rows in one transaction, and per-row
-- referential checks would slow bulk loads of millions of rows.

CREATE TABLE generations (
  release_id      text COLLATE "C" NOT NULL,
  id              text COLLATE "C" NOT NULL,
  gen_id          text NOT NULL,
  status          text NOT NULL,
  version         integer NOT NULL,
  model_family    text,
  model           text,
  prompt_version  text,
  output_contract text NOT NULL,
  released_at     text,
  notes           text,
  evidence        jsonb,
  stats           jsonb NOT NULL,
  PRIMARY KEY (release_id, id)
);

CREATE TABLE scenes (
  release_id           text COLLATE "C" NOT NULL,
  id                   text COLLATE "C" NOT NULL,
  lat                  double precision NOT NULL,
  lon                  double precision NOT NULL,
  position_source      text NOT NULL,
  raw_lat              double precision,
  raw_lon              double precision,
  computed_lat         double precision,
  computed_lon         double precision,
  position_offset_m    double precision,
  position_note        text NOT NULL,
  raw_compass          double precision,
  computed_compass     double precision,
  travel_bearing       double precision,
  view_class           text,
  sequence_id          text,
  is_pano              boolean,
  quality_score        double precision,
  camera_type          text,
  width                integer,
  height               integer,
  captured_at_ms       bigint,
  captured_at_jst      text,
  capture_year         integer,
  capture_time_quality text NOT NULL,
  quarantined          boolean NOT NULL,
  ward                 text,
  town_key             text COLLATE "C",
  street_id            integer,
  edge_id              text COLLATE "C",
  cell_250m            bigint NOT NULL,
  PRIMARY KEY (release_id, id)
);

CREATE TABLE verbalizations (
  release_id      text COLLATE "C" NOT NULL,
  scene_id        text COLLATE "C" NOT NULL,
  generation_id   text COLLATE "C" NOT NULL,
  status          text NOT NULL,
  model           text,
  prompt_version  text,
  generated_at    text,
  title           text NOT NULL,
  summary         text NOT NULL,
  analysis_json   text NOT NULL,
  analysis_status text NOT NULL,
  content_sha256  text NOT NULL,
  PRIMARY KEY (release_id, scene_id, generation_id)
);

CREATE TABLE machine_features (
  release_id      text COLLATE "C" NOT NULL,
  node_id         text COLLATE "C" NOT NULL,
  feature_version text NOT NULL,
  month           integer,
  weekday         text,
  hour            integer,
  season          text,
  time_bucket     text,
  heading         double precision,
  heading8        text,
  left_side8      text,
  right_side8     text,
  abs_objects     jsonb,
  colorfulness    double precision,
  green_ratio     double precision,
  warm_ratio      double precision,
  dominant_colors jsonb,
  color_status    text,
  PRIMARY KEY (release_id, node_id)
);

CREATE TABLE streets (
  release_id       text COLLATE "C" NOT NULL,
  street_id        integer NOT NULL,
  name             text NOT NULL,
  name_normalized  text COLLATE "C" NOT NULL,
  ward             text,
  highway_class    text,
  length_m         integer,
  coverage_grade   text NOT NULL,
  n_scenes         integer NOT NULL,
  n_sequences      integer,
  year_span        jsonb,
  bbox             jsonb,
  axis             jsonb NOT NULL,
  karte            jsonb,
  karte_provenance jsonb,
  karte_versions   jsonb NOT NULL,
  profile          jsonb NOT NULL,
  PRIMARY KEY (release_id, street_id)
);

CREATE TABLE edges (
  release_id    text COLLATE "C" NOT NULL,
  edge_id       text COLLATE "C" NOT NULL,
  street_id     integer,
  town_key      text COLLATE "C" NOT NULL,
  name          text,
  ward          text,
  highway       text NOT NULL,
  highway_class text,
  length_m      integer,
  n_scenes      integer NOT NULL,
  geom          jsonb NOT NULL,
  profile       jsonb NOT NULL,
  PRIMARY KEY (release_id, edge_id)
);
CREATE INDEX edges_by_street ON edges (release_id, street_id);

CREATE TABLE areas (
  release_id       text COLLATE "C" NOT NULL,
  town_key         text COLLATE "C" NOT NULL,
  name             text NOT NULL,
  name_normalized  text COLLATE "C" NOT NULL,
  ward             text NOT NULL,
  coverage_grade   text NOT NULL,
  n_scenes         integer NOT NULL,
  n_sequences      integer,
  year_span        jsonb,
  bbox             jsonb,
  center           jsonb NOT NULL,
  geometry         jsonb NOT NULL,
  karte            jsonb,
  karte_provenance jsonb,
  karte_versions   jsonb NOT NULL,
  profile          jsonb NOT NULL,
  PRIMARY KEY (release_id, town_key)
);

CREATE TABLE changes (
  release_id             text COLLATE "C" NOT NULL,
  change_id              text COLLATE "C" NOT NULL,
  group_id               bigint NOT NULL,
  lat                    double precision NOT NULL,
  lon                    double precision NOT NULL,
  year_a                 integer NOT NULL,
  year_b                 integer NOT NULL,
  category               text NOT NULL,
  subject                text NOT NULL,
  evidence               text,
  segment_priority_score integer,
  status                 text NOT NULL,
  cell_1km               bigint NOT NULL,
  scene_ids_a            jsonb,
  scene_ids_b            jsonb,
  verification           jsonb,
  PRIMARY KEY (release_id, change_id)
);

CREATE TABLE amenities (
  release_id            text COLLATE "C" NOT NULL,
  id                    text COLLATE "C" NOT NULL,
  kind                  text NOT NULL,
  scene_id              text COLLATE "C" NOT NULL,
  lat                   double precision NOT NULL,
  lon                   double precision NOT NULL,
  capture_year          integer NOT NULL,
  evidence              text NOT NULL,
  object_position       text,
  object_distance_m_est double precision,
  confidence            text NOT NULL,
  generation_id         text COLLATE "C" NOT NULL,
  ward                  text,
  evidence_count        integer NOT NULL,
  PRIMARY KEY (release_id, id)
);

CREATE TABLE schools (
  release_id      text COLLATE "C" NOT NULL,
  school_id       text COLLATE "C" NOT NULL,
  name            text NOT NULL,
  name_normalized text COLLATE "C" NOT NULL,
  lat             double precision NOT NULL,
  lon             double precision NOT NULL,
  PRIMARY KEY (release_id, school_id)
);
