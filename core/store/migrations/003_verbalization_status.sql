-- A narrow copy of (scene, generation, status), filled at ingest from verbalizations. Start-up reads which
-- verbalizations exist for every scene; read from verbalizations itself that means scanning every analysis text
-- (about 3 GB at a million scenes), read from here it is a few bytes a row.
CREATE TABLE verbalization_status (
  release_id    text COLLATE "C" NOT NULL,
  scene_id      text COLLATE "C" NOT NULL,
  generation_id text COLLATE "C" NOT NULL,
  status        text NOT NULL,
  PRIMARY KEY (release_id, scene_id, generation_id)
);
